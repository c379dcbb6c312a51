//! A games import of many boards in one round (the import was
//! quadratic in boards per round): every game lands on its board and the
//! standings add up to the file's results.

use crate::common::Club;

#[test]
fn a_large_round_imports_every_board_as_the_file_has_it() {
    let c = Club::new();
    c.ok(&["event", "new", "BIG", "--rounds", "3"]);
    let boards = 300;
    let mut csv = String::from("round,red,black,result\n");
    let mut want = std::collections::HashMap::new();
    for i in 0..boards {
        let (r, b) = (format!("P{:03}", 2 * i + 1), format!("P{:03}", 2 * i + 2));
        let (res, pr, pb) = match i % 3 {
            // The default scheme: 2 for a win, 1 for a draw.
            0 => ("1-0", "2", "0"),
            1 => ("0-1", "0", "2"),
            _ => ("1/2-1/2", "1", "1"),
        };
        csv.push_str(&format!("1,{r},{b},{res}\n"));
        want.insert(r, pr);
        want.insert(b, pb);
    }
    // One more player with a pairing bye.
    csv.push_str("1,P999,BYE,\n");
    want.insert("P999".to_string(), "2");
    std::fs::write(c.path("g.csv"), csv).unwrap();
    let out = c.ok(&["import", "games", "BIG", "g.csv"]);
    assert!(out.contains(&format!("{boards} games")), "{out}");
    let text = c.ok(&["standings", "BIG", "--format", "csv"]);
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let h = r.headers().unwrap().clone();
    let (name, points) = (
        h.iter().position(|x| x == "name").unwrap(),
        h.iter().position(|x| x == "points").unwrap(),
    );
    let mut seen = 0;
    for rec in r.records() {
        let rec = rec.unwrap();
        let p: f64 = rec[points].parse().unwrap();
        let w: f64 = want[&rec[name]].parse().unwrap();
        assert_eq!(p, w, "{}", &rec[name]);
        seen += 1;
    }
    assert_eq!(seen, want.len());
    // Board numbers follow the file's order.
    let round = c.ok(&["round", "show", "BIG", "1"]);
    let first = round.find("P001").unwrap();
    let last = round.find("P600").unwrap();
    assert!(first < last, "{round}");
}
