#!/usr/bin/env python3
"""Expected values of FIDE C.07 limits and cuts, by FIDE's TEC checker.

Runs `tiebreakchecker.py -s -t PTS <code>` (TieBreakServer, OttoMilvang) once per code and case,
and writes {"cases": {case: {start_no: {qishe_code: value}}}}. A value the checker leaves
undefined ("-0", no rated opponent left) is 0, as qishe shows it.
usage: gen_limits.py CHECKER_DIR CASES_DIR OUT.json

The checker (1.9.57) stops with "Error 510" on APRO/Cn and APPO/Cn: its rating-performance step
records the cut rounds under the criterion's own name, which only ARO, TPR and PTP have. The
values here were made with that one line made safe (the missing record created empty before
the cut is noted); the values themselves are the checker's own: the average of the opponents'
TPR/Cn (PTP/Cn), as it computes APRO and APPO.
"""
import json, os, subprocess, sys

checker, cases, out = sys.argv[1:4]
CODES = {
    "KS/L60": "koya-limit60", "KS/L40": "koya-limit40", "KS/L75": "koya-limit75",
    "KS/L+2": "koya-limit+1.0", "KS/L-1.5": "koya-limit-1.5", "KS/L+0.5": "koya-limit+0.5",
    "PS/C1": "progressive-cut1", "PS/C2": "progressive-cut2", "PS/C3": "progressive-cut3",
    "TPR/C1": "tpr-cut1", "TPR/C2": "tpr-cut2", "TPR/M1": "tpr-median1",
    "PTP/C1": "ptp-cut1", "PTP/C2": "ptp-cut2", "PTP/M1": "ptp-median1",
    "AOB/C1": "aob-cut1", "AOB/M1": "aob-median1",
    "APRO/C1": "apro-cut1", "APRO/M1": "apro-median1", "APPO/C1": "appo-cut1",
    "BH/C3": "buchholz-cut3", "FB/C3": "fore-buchholz-cut3", "SB/C3": "sonneborn-berger-cut3",
    "ARO/C3": "aro-cut3", "BH/M3": "buchholz-median3", "SB/M3": "sonneborn-berger-median3",
}
res = {"codes": CODES, "cases": {}}
for f in sorted(os.listdir(cases)):
    if not f.endswith(".trf"):
        continue
    case = f[:-4]
    players = {}
    for fide, code in CODES.items():
        r = subprocess.run([sys.executable, "tiebreakchecker.py", "-s", "-i", os.path.join(cases, f),
                            "-F", "txt", "-d", " ", "-t", "PTS", fide],
                           cwd=checker, capture_output=True, text=True)
        lines = r.stdout.strip().split("\n")
        assert lines[0].split() == ["StartNo", "Rank", "PTS", fide], (case, fide, r.stdout[:300], r.stderr[-300:])
        for line in lines[1:]:
            no, _, _, val = line.split()
            players.setdefault(no, {})[code] = "0" if val == "-0" else val
    res["cases"][case] = players
    print(case, len(players), file=sys.stderr)
json.dump(res, open(out, "w"), indent=1, sort_keys=True)
