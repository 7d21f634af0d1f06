#!/usr/bin/env python3
"""Plays `tabula uci chess` against another UCI engine (Stockfish by default) and prints the
score. It needs python-chess (`pip install chess`, in a scratch virtualenv) and the other
engine (`apt install stockfish`); neither is a dependency of Tabula.

    benches/uci_match.py --games 50 --time 1.0 --skill 0

Colours alternate; each side has `--time` seconds a move. A game ends by the rules as
python-chess reads them (mate, stalemate, the fifty-move rule, threefold repetition,
insufficient material, claimed at once), or as a draw after `--max-plies`.
"""

import argparse
import shlex

import chess
import chess.engine
import chess.pgn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", default="target/release/tabula uci chess")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--skill", type=int, default=0, help="the other engine's Skill Level")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--time", type=float, default=1.0, help="seconds a move, each side")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--pgn", help="write the games to this file")
    args = ap.parse_args()

    tabula = chess.engine.SimpleEngine.popen_uci(shlex.split(args.tabula))
    other = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    if args.skill is not None and "Skill Level" in other.options:
        other.configure({"Skill Level": args.skill})
    points = 0.0
    tally = {"win": 0, "draw": 0, "loss": 0}
    pgn = open(args.pgn, "w") if args.pgn else None
    for g in range(args.games):
        tabula_white = g % 2 == 0
        board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
            mover = tabula if (board.turn == chess.WHITE) == tabula_white else other
            try:
                result = mover.play(board, chess.engine.Limit(time=args.time))
            except Exception as e:  # a timeout or a dead engine: say whose, and where
                who = "Tabula" if mover is tabula else args.engine
                print(f"game {g + 1}: {who} failed ({type(e).__name__}) at {board.fen()}", flush=True)
                raise
            board.push(result.move)
        outcome = board.outcome(claim_draw=True)
        if outcome is None or outcome.winner is None:
            tally["draw"] += 1
            points += 0.5
            word = "draw"
        elif (outcome.winner == chess.WHITE) == tabula_white:
            tally["win"] += 1
            points += 1
            word = "Tabula wins"
        else:
            tally["loss"] += 1
            word = "Tabula loses"
        reason = outcome.termination.name if outcome else "MAX_PLIES"
        colour = "White" if tabula_white else "Black"
        print(f"game {g + 1}: Tabula {colour}: {word} ({reason}, {board.ply()} plies)", flush=True)
        if pgn:
            game = chess.pgn.Game.from_board(board)
            game.headers["White"] = "Tabula" if tabula_white else "Stockfish"
            game.headers["Black"] = "Stockfish" if tabula_white else "Tabula"
            print(game, file=pgn, end="\n\n", flush=True)
    print(
        f"Tabula {points:g} of {args.games} ({100 * points / args.games:.0f}%): "
        f"{tally['win']} wins, {tally['draw']} draws, {tally['loss']} losses "
        f"against {args.engine} (Skill Level {args.skill}), {args.time} s a move"
    )
    tabula.quit()
    other.quit()


if __name__ == "__main__":
    main()
