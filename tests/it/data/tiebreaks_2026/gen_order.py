#!/usr/bin/env python3
"""Expected values and ranks of `/R` (the order reversed) and `/S` (the event taken as
a Swiss) on the criteria that are not sums over rounds (DE, WIN, WON, BPG, BWG, REP,
GE, TPN, RTG, ABH, AFB, VUR, NUM, RIP), by FIDE's TEC checker: values of
the `/S` codes but DE's, the rank of the `/R` codes and DE's, which reads every
modifier letter on every criterion.

Runs `tiebreakchecker.py -s -t PTS <code>` (TieBreakServer, OttoMilvang, 1.9.57) once per
code and case, as gen_letters.py does, and writes {"codes": {fide: qishe}, "ranked":
[fide], "cases": {case: {start_no: {qishe_code: value, "rank <fide>": rank}}}}.
usage: gen_order.py CHECKER_DIR CASES_DIR OUT.json
"""
import json, os, subprocess, sys

checker, cases, out = sys.argv[1:4]
CODES = {
    "WIN/S": "rounds-won-swiss",
    "WON/S": "games-won-swiss", "BPG/S": "black-games-swiss", "BWG/S": "black-wins-swiss",
    "REP/S": "rep-swiss", "GE/S": "rep-swiss", "TPN/S": "start-number-swiss",
    "RTG/S": "listed-rating-swiss", "ABH/S": "adjusted-score-swiss",
    "AFB/S": "fore-adjusted-score-swiss", "VUR/S": "unplayed-rounds-swiss",
    "NUM/S": "games-played-swiss", "RIP/S": "rounds-paired-swiss",
}
# Ranked only: DE's values are the checker's own working numbers.
RANKED = ["DE/S", "DE/P/S", "DE/R", "WIN/R", "WON/R", "BPG/R", "BWG/R", "REP/R", "TPN/R", "RTG/R",
            "ABH/R", "AFB/R", "VUR/R", "NUM/R", "RIP/R", "DE/P/R"]


def run(path):
    players = {}
    for fide in list(CODES) + RANKED:
        r = subprocess.run([sys.executable, "tiebreakchecker.py", "-s", "-i", path,
                            "-F", "txt", "-d", " ", "-t", "PTS", fide],
                           cwd=checker, capture_output=True, text=True)
        lines = r.stdout.strip().split("\n")
        assert lines[0].split() == ["StartNo", "Rank", "PTS", fide], (path, fide, r.stdout[:300], r.stderr[-300:])
        for line in lines[1:]:
            no, rank, _, val = line.split()
            p = players.setdefault(no, {})
            if fide in RANKED:
                p["rank " + fide] = rank
            else:
                p[CODES[fide]] = "0" if val == "-0" else val
    return players


res = {"codes": CODES, "ranked": RANKED, "cases": {}}
for f in sorted(os.listdir(cases)):
    if f.endswith(".trf"):
        res["cases"][f[:-4]] = run(os.path.join(cases, f))
        print(f, file=sys.stderr)
json.dump(res, open(out, "w"), indent=1, sort_keys=True)
