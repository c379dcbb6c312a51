//! A fuzz target per file reader, proptest-based so CI runs it
//! with a small budget (`PROPTEST_CASES` raises it): random bytes and
//! structured mutations of a valid file (a character changed, a line cut,
//! doubled or swapped, the file truncated) never panic, and every refusal
//! says where: the file and a line inside it (plus a column for TRF and
//! config.toml). PGN, XQF and DhtmlXQ are in `xiangqi_fuzz.rs`.

use proptest::prelude::*;
use qishe::config::Config;
use qishe::formats::games_csv::{read_games_csv, read_team_games_csv, GamesCsvError};
use qishe::formats::members_csv::{read_members, MembersCsvError};
use qishe::formats::teams_csv::read_teams_csv;
use qishe::formats::trf::Trf;

const MEMBERS: &str = "name,rating,club,born,sex\n王天一,2650,杭州,1988,男\n谢靖,2600,上海,1982,m\nAnn Lee,,,2001,f\n";
const GAMES: &str = "round,red,black,result,termination,moves,red_used\n1,王天一,谢靖,1-0,checkmate,45,1:02:03\n1,Ann Lee,Bo Chen,1/2-1/2,agreement,60,40:00\n2,谢靖,Ann Lee,0-1,time,80,90\n2,Bo Chen,BYE,,,,\n";
const TEAM_GAMES: &str = "round,home,away,board,red,black,result\n1,Lions,Tigers,1,王天一,谢靖,1-0\n1,Lions,Tigers,2,Bo Chen,Ann Lee,0-1\n";
const TEAMS: &str = "team,board,name,club,rating\nLions,1,王天一,杭州,2650\nLions,2,Bo Chen,杭州,\nTigers,1,谢靖,上海,2600\nTigers,2,Ann Lee,上海,1900\n";
const TRF: &str = "012 Fuzz Open\nXXR 3\n\
001    1      Test0001 Player0001               2637                             1.5    1     2 w 1     3 b =\n\
001    2      Test0002 Player0002               2612                             0.5    2     1 b 0  0000 - H\n\
001    3      Test0003 Player0003               2050                             1.5    3  0000 - U     1 w =\n";
const CONFIG: &str = "club = \"东城象棋社\"\nlanguage = \"en\"\n[event]\nscheme = \"draw-0.8\"\nsystem = \"cxa\"\nrounds = 9\ntiebreaks = [\"small-points\", \"wins\"]\n[event.byes]\nopponent_score = \"own\"\n[event.scheme_settings]\ndraw = \"0.8\"\n[ratings]\nk = 20\n";

/// One structured change to a valid file.
#[derive(Clone, Debug)]
enum Mutation {
    /// Replace the character at (position mod length).
    Char(usize, char),
    /// Remove the line at (index mod lines).
    DropLine(usize),
    /// Write the line at (index mod lines) twice.
    DoubleLine(usize),
    /// Swap two lines.
    SwapLines(usize, usize),
    /// Keep only the first (n mod length) characters.
    Truncate(usize),
    /// Insert bytes that are not text (NUL, lone quotes, CR).
    Insert(usize, &'static str),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<char>()).prop_map(|(p, c)| Mutation::Char(p, c)),
        any::<usize>().prop_map(Mutation::DropLine),
        any::<usize>().prop_map(Mutation::DoubleLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (
            any::<usize>(),
            prop::sample::select(vec![
                "\0",
                "\"",
                "\r",
                ",,,",
                "\n\n",
                "=1+2",
                "9999999999999",
                "\u{1b}[2J",
                "\r\r",
                "名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名名"
            ])
        )
            .prop_map(|(p, s)| Mutation::Insert(p, s)),
    ]
}

fn apply(text: &str, muts: &[Mutation]) -> String {
    let mut t = text.to_string();
    for m in muts {
        let chars: Vec<char> = t.chars().collect();
        let mut lines: Vec<String> = t.lines().map(str::to_string).collect();
        let n = chars.len().max(1);
        let l = lines.len().max(1);
        t = match m {
            Mutation::Char(p, c) => {
                let mut cs = chars.clone();
                if !cs.is_empty() {
                    cs[p % n] = *c;
                }
                cs.into_iter().collect()
            }
            Mutation::DropLine(i) => {
                if !lines.is_empty() {
                    lines.remove(i % l);
                }
                lines.join("\n") + "\n"
            }
            Mutation::DoubleLine(i) => {
                if !lines.is_empty() {
                    let x = lines[i % l].clone();
                    lines.insert(i % l, x);
                }
                lines.join("\n") + "\n"
            }
            Mutation::SwapLines(a, b) => {
                if !lines.is_empty() {
                    lines.swap(a % l, b % l);
                }
                lines.join("\n") + "\n"
            }
            Mutation::Truncate(k) => chars[..k % n.min(chars.len() + 1)].iter().collect(),
            Mutation::Insert(p, s) => {
                let at = p % (chars.len() + 1);
                let mut out: String = chars[..at].iter().collect();
                out.push_str(s);
                out.extend(&chars[at..]);
                out
            }
        };
    }
    t
}

fn lines_of(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count() as u64 + 1
}

fn check_members(bytes: &[u8]) {
    let r = read_members(bytes, "m.csv");
    // what is accepted is within the store's limits (no row is refused
    // later by the database without its line)
    if let Ok(rows) = &r {
        for row in rows {
            assert!(
                qishe::domain::limits::member(&row.member).is_ok(),
                "{row:?}"
            );
        }
    }
    if let Err(e) = r {
        let text = e.msg().en();
        assert!(text.contains("m.csv"), "no file in {text:?}");
        if let MembersCsvError::BadCell { line, .. } | MembersCsvError::BadRow { line, .. } = e {
            assert!(
                (1..=lines_of(bytes)).contains(&line),
                "line {line} in {text:?}"
            );
        }
    }
}

fn check_games(e: GamesCsvError, bytes: &[u8], file: &str) {
    assert_eq!(e.file, file);
    assert!((1..=lines_of(bytes)).contains(&e.line), "{e}");
}

fn check_trf(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let parsed = Trf::parse(&text).and_then(|t| qishe::pairing::SwissState::from_trf(&t));
    if let Err(e) = parsed {
        assert!((1..=lines_of(bytes) as usize).contains(&e.line), "{e}");
        assert!(e.column >= 1, "{e}");
    }
}

fn check_config(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Err(e) = Config::parse(&text, "config.toml", std::path::Path::new(".")) {
        assert_eq!(e.file, "config.toml");
        assert!((1..=lines_of(bytes) as usize).contains(&e.line), "{e}");
        assert!(e.column >= 1, "{e}");
        // and says why: never a position with an empty reason
        assert!(!e.why.en().trim().is_empty(), "{e}");
    }
}

#[test]
fn the_samples_are_valid() {
    assert!(read_members(MEMBERS.as_bytes(), "m.csv").is_ok());
    assert!(read_games_csv(GAMES.as_bytes(), "g.csv").is_ok());
    assert!(read_team_games_csv(TEAM_GAMES.as_bytes(), "t.csv").is_ok());
    assert!(read_teams_csv(TEAMS.as_bytes(), "teams.csv").is_ok());
    assert!(Trf::parse(TRF)
        .and_then(|t| qishe::pairing::SwissState::from_trf(&t))
        .is_ok());
    assert!(Config::parse(CONFIG, "config.toml", std::path::Path::new(".")).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(48)))]

    #[test]
    fn random_bytes_never_panic_and_errors_say_where(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_members(&bytes);
        if let Err(e) = read_games_csv(&bytes, "g.csv") { check_games(e, &bytes, "g.csv"); }
        if let Err(e) = read_team_games_csv(&bytes, "t.csv") { check_games(e, &bytes, "t.csv"); }
        if let Err(e) = read_teams_csv(&bytes, "teams.csv") { check_games(e, &bytes, "teams.csv"); }
        check_trf(&bytes);
        check_config(&bytes);
    }

    #[test]
    fn mutated_files_never_panic_and_errors_say_where(muts in prop::collection::vec(mutation(), 1..4)) {
        check_members(apply(MEMBERS, &muts).as_bytes());
        let g = apply(GAMES, &muts);
        if let Err(e) = read_games_csv(g.as_bytes(), "g.csv") { check_games(e, g.as_bytes(), "g.csv"); }
        let g = apply(TEAM_GAMES, &muts);
        if let Err(e) = read_team_games_csv(g.as_bytes(), "t.csv") { check_games(e, g.as_bytes(), "t.csv"); }
        let g = apply(TEAMS, &muts);
        if let Err(e) = read_teams_csv(g.as_bytes(), "teams.csv") { check_games(e, g.as_bytes(), "teams.csv"); }
        check_trf(apply(TRF, &muts).as_bytes());
        check_config(apply(CONFIG, &muts).as_bytes());
    }
}
