#!/usr/bin/env python3
"""Expected values of the checker's modifier letters qishe added after gen_flags.py's:
/N (cuts without voluntarily unplayed rounds first), /V (the edition of C.07: V0/V2022,
V1/V2024, V2/V2026; on APRO and APPO the checker fails, "Error 510"), /S (the event taken as a Swiss), an edition year after the name
(`BH@24/C1`), and /R (the order reversed: the checker's rank), by FIDE's TEC checker.

Runs `tiebreakchecker.py -s -t PTS <code>` (TieBreakServer, OttoMilvang, 1.9.57) once per
code and case, as gen_flags.py does, and writes {"codes": {fide: qishe}, "reversed":
[fide], "cases": {case: {start_no: {qishe_code: value, "rank <fide>": rank}}}}.
usage: gen_letters.py CHECKER_DIR CASES_DIR OUT.json
"""
import json, os, subprocess, sys

checker, cases, out = sys.argv[1:4]
CODES = {
    "BH/C1/N": "buchholz-cut1-plain", "BH/C2/N": "buchholz-cut2-plain",
    "BH/M1/N": "buchholz-median1-plain", "FB/C1/N": "fore-buchholz-cut1-plain",
    "SB/C1/N": "sonneborn-berger-cut1-plain", "SB/C2/N": "sonneborn-berger-cut2-plain",
    "AOB/C1/N": "aob-cut1-plain",
    "BH/V1": "buchholz-rules2024", "BH/C1/V2024": "buchholz-cut1-rules2024",
    "FB/V1": "fore-buchholz-rules2024", "SB/V1": "sonneborn-berger-rules2024",
    "SB/C1/V2022": "sonneborn-berger-cut1-rules2022", "AOB/V1": "aob-rules2024",
    "BH/V2026": "buchholz-rules2026",
    "ARO/C1/V0": "aro-cut1-rules2022", "TPR/C2/V0": "tpr-cut2-rules2022",
    "PTP/M1/V0": "ptp-median1-rules2022",
    "BH/S": "buchholz-swiss", "SB/C1/S": "sonneborn-berger-cut1-swiss",
    "BH@24/C1": "buchholz-cut1", "SB@2026": "sonneborn-berger",
}
REVERSED = ["BH/R", "TPR/R", "SB/C1/R"]


def run(path):
    players = {}
    for fide in list(CODES) + REVERSED:
        r = subprocess.run([sys.executable, "tiebreakchecker.py", "-s", "-i", path,
                            "-F", "txt", "-d", " ", "-t", "PTS", fide],
                           cwd=checker, capture_output=True, text=True)
        lines = r.stdout.strip().split("\n")
        assert lines[0].split() == ["StartNo", "Rank", "PTS", fide], (path, fide, r.stdout[:300], r.stderr[-300:])
        for line in lines[1:]:
            no, rank, _, val = line.split()
            p = players.setdefault(no, {})
            if fide in REVERSED:
                p["rank " + fide] = rank
            else:
                p[CODES[fide]] = "0" if val == "-0" else val
    return players


res = {"codes": CODES, "reversed": REVERSED, "cases": {}}
for f in sorted(os.listdir(cases)):
    if f.endswith(".trf"):
        res["cases"][f[:-4]] = run(os.path.join(cases, f))
        print(f, file=sys.stderr)
json.dump(res, open(out, "w"), indent=1, sort_keys=True)
