//! Files and values as a Chinese Windows user brings them: CRLF line
//! ends, full-width digits and punctuation.

use super::paired_club;

/// The file's text with every `\n` made `\r\n`.
fn crlf(text: &str) -> String {
    text.replace('\n', "\r\n")
}

// A bad row of a CSV saved on Windows is named by its own line, as it is
// in the same file with `\n` line ends: the csv reader's own count is one
// low there (it starts a record before the `\n` of the `\r\n`).
#[test]
fn a_bad_row_of_a_crlf_csv_is_named_by_its_own_line() {
    let c = paired_club();
    c.ok(&["event", "new", "Teams", "--teams", "--rounds", "3"]);
    let cases: [(&str, &[&str], &str, &str); 4] = [
        (
            "members.csv",
            &["player", "import"],
            "name,rating\nX,1800\nY,abc\n",
            ":3:",
        ),
        (
            "dups.csv",
            &["player", "import"],
            "name,club\nX,北京\n\nX,北京\n",
            ":4: X (北京)",
        ),
        (
            "games.csv",
            &["import", "games", "T"],
            "round,red,black,result\n1,A,B,1-0\n1,C,D,2-0\n",
            ":3:",
        ),
        (
            "teams.csv",
            &["import", "teams", "Teams"],
            "team,board,name,club,rating\nR,1,P,x,1500\nR,x,Q,x,1500\n",
            ":3:",
        ),
    ];
    for (file, cmd, text, said) in cases {
        for (ends, body) in [("lf", text.to_string()), ("crlf", crlf(text))] {
            let name = format!("{ends}-{file}");
            std::fs::write(c.path(&name), &body).unwrap();
            let mut args = cmd.to_vec();
            args.push(&name);
            let e = c.fails(&args);
            assert!(e.contains(&format!("{name}{said}")), "{ends} {file}: {e}");
        }
    }
    super::intact(&c);
}
