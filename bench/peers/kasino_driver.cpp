// Driver for the C++ peer github.com/Genesis-Grid-Lab/kasino (fetched at run time by
// bench/peers.py, never vendored): plays N random full 2-player hands with its own
// StartRound / DealNextHands / LegalMoves / ApplyMove, choosing uniformly among its
// listed moves, and prints "HANDS CPU_SECONDS MOVES" (CPU time of the loop).
// Its move set is smaller than ours (a capture takes one subset-sum group, never several
// disjoint ones; no multiple builds): the figure is a rate, not a claim the engines agree.
#include "Kasino/GameLogic.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>

int main(int argc, char** argv) {
  int hands = argc > 1 ? std::atoi(argv[1]) : 1000;
  std::mt19937 rng(12345);
  long moves = 0;
  std::clock_t start = std::clock();
  for (int h = 0; h < hands; ++h) {
    GameState gs;
    StartRound(gs, 2, static_cast<uint32_t>(h + 1));
    while (!gs.RoundOver()) {
      if (gs.HandsEmpty() && !DealNextHands(gs)) break;
      std::vector<Move> choices = LegalMoves(gs);
      if (choices.empty()) break;
      ApplyMove(gs, choices[rng() % choices.size()]);
      ++moves;
    }
  }
  double cpu = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  std::printf("%d %.6f %ld\n", hands, cpu, moves);
  return 0;
}
