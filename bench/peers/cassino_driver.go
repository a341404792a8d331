// Driver for the Go peer github.com/dkmccandless/cassino (fetched at run time by
// bench/peers.py, never vendored): plays N full games (one pass of the deck each,
// i.e. one hand) with its game.Play and a random player, and prints
// "HANDS CPU_SECONDS". The engine has no move listing, so the player chooses at
// random among its trails and single-pile captures (it never builds): the figure is
// the rate of the peer's game administration, not of a full move search.
package main

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"syscall"

	"github.com/dkmccandless/cassino/card"
	"github.com/dkmccandless/cassino/game"
)

type randomPlayer struct {
	hand []card.Card
	rng  *rand.Rand
}

func (p *randomPlayer) Init(pos int, piles map[int]game.Pile) {}
func (p *randomPlayer) Hand(hand []card.Card)                  { p.hand = append(p.hand, hand...) }
func (p *randomPlayer) Note(played card.Card, captured []card.Card) {}

func (p *randomPlayer) Play(piles map[int]game.Pile) game.Action {
	var choices []game.Action
	for _, c := range p.hand {
		choices = append(choices, game.Action{Card: c})
		for id, pile := range piles {
			if len(pile.Cards) != 1 {
				continue
			}
			if (c.IsFace() && pile.Cards[0].Rank() == c.Rank()) || (!c.IsFace() && pile.Value == c.Rank()) {
				choices = append(choices, game.Action{Card: c, Sets: [][]int{{id}}})
			}
		}
	}
	a := choices[p.rng.Intn(len(choices))]
	for i, c := range p.hand {
		if c == a.Card {
			p.hand = append(p.hand[:i], p.hand[i+1:]...)
			break
		}
	}
	return a
}

func cpu() float64 {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return float64(u.Utime.Sec+u.Stime.Sec) + float64(u.Utime.Usec+u.Stime.Usec)/1e6
}

func main() {
	hands := 1000
	if len(os.Args) > 1 {
		hands, _ = strconv.Atoi(os.Args[1])
	}
	rng := rand.New(rand.NewSource(12345))
	start := cpu()
	for i := 0; i < hands; i++ {
		game.Play(&randomPlayer{rng: rng}, &randomPlayer{rng: rng})
	}
	fmt.Printf("%d %.6f\n", hands, cpu()-start)
}
