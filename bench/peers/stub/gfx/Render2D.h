// Stand-in for the peer's renderer header: its game logic needs only this Rect type.
#pragma once
#include <optional>
#include <string>
struct Rect {
  float x = 0.f, y = 0.f, w = 0.f, h = 0.f;
};
