#!/usr/bin/env python3
"""Expected values and ranks on round robins with unplayed games (the hand-made
`rr/*.trf`, from `make_rr.py`), by FIDE's TEC checker taking each file as a
round robin, as it does by itself (its `092` record names one; players and
rounds agree): unplayed games count as played (`/P`) unless a code says `/S`.

Runs `tiebreakchecker.py -t PTS <code>` (TieBreakServer, OttoMilvang, 1.9.57;
no `-s`) once per code and case, and writes {"codes": {fide: qishe},
"ranked": [fide], "cases": {case: {start_no: {qishe_code: value,
"rank <fide>": rank}}}}.
usage: gen_rr.py CHECKER_DIR CASES_DIR OUT.json
"""
import json, os, subprocess, sys

checker, cases, out = sys.argv[1:4]
CODES = {
    "BH": "buchholz", "BH/C1": "buchholz-cut1", "BH/M1": "buchholz-median1",
    "SB": "sonneborn-berger", "FB": "fore-buchholz", "AOB": "aob", "KS": "koya",
    "PS": "progressive", "ARO": "aro", "TPR": "tpr", "WIN": "rounds-won",
    "WON": "games-won", "BPG": "black-games", "BWG": "black-wins",
    "BH/S": "buchholz-swiss", "SB/S": "sonneborn-berger-swiss",
    "FB/S": "fore-buchholz-swiss", "BH/C1/S": "buchholz-cut1-swiss",
    "AOB/S": "aob-swiss", "PS/S": "progressive-swiss", "BH/P": "buchholz-played",
}
RANKED = ["DE", "DE/S"]


def run(path):
    players = {}
    for fide in list(CODES) + RANKED:
        r = subprocess.run([sys.executable, "tiebreakchecker.py", "-i", path,
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
