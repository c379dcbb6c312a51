//! Writing a TRF file: [`Trf::write`].

use super::*;

impl Trf {
    /// Writes TRF-16 text (header lines, `XX` lines, then the player lines).
    pub fn write(&self) -> String {
        let mut out = String::new();
        for l in &self.other_lines {
            out.push_str(l);
            out.push('\n');
        }
        if let Some(r) = self.total_rounds {
            let _ = writeln!(out, "XXR {r}");
        }
        if let Some(c) = self.first_colour {
            let _ = writeln!(
                out,
                "XXC {}",
                if c == Colour::Red { "white1" } else { "black1" }
            );
        }
        if let Some(s) = self.points.filter(|s| *s != PointSettings::default()) {
            // What the endorsed engine reads; it knows one decimal only.
            let tenths =
                |p: Points| (p.0 % 10 == 0).then(|| format!("{}.{}", p.0 / 100, p.0 % 100 / 10));
            for (code, p) in [
                ("BBW", s.win),
                ("BBD", s.draw),
                ("BBL", s.loss),
                ("BBZ", s.zero_bye),
                ("BBF", s.forfeit_loss),
                ("BBU", s.pairing_bye),
            ] {
                if let Some(t) = tenths(p) {
                    let _ = writeln!(out, "{code} {t:>4}");
                }
            }
        }
        if let Some(s) = &self.points {
            let _ = writeln!(
                out,
                "XXS W={} D={} L={} FW={} FL={} U={} F={} H={} Z={}",
                s.win,
                s.draw,
                s.loss,
                s.forfeit_win,
                s.forfeit_loss,
                s.pairing_bye,
                s.full_bye,
                s.half_bye,
                s.zero_bye
            );
        }
        for g in &self.forbidden {
            out.push_str("XXP");
            for id in g {
                let _ = write!(out, " {id}");
            }
            out.push('\n');
        }
        for p in &self.players {
            let pts = format!("{:.1}", p.points.0 as f64 / 100.0);
            let pts = if p.points.0 % 10 == 0 {
                pts
            } else {
                p.points.to_string()
            };
            // Fields are cut to their columns so that long names cannot
            // shift the rest of the line.
            let cut = |x: &str, w: usize| x.chars().take(w).collect::<String>();
            let mut l = format!(
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
                p.id,
                cut(&p.sex, 1),
                cut(&p.title, 3),
                cut(&p.name, 33),
                if p.rating == 0 {
                    String::new()
                } else {
                    p.rating.to_string()
                },
                cut(&p.federation, 3),
                cut(&p.fide_id, 11),
                cut(&p.birth, 10),
                pts,
                if p.rank == 0 {
                    String::new()
                } else {
                    p.rank.to_string()
                },
            );
            for r in &p.rounds {
                let opp = if r.is_blank() {
                    "    ".to_string()
                } else if r.opponent == 0 {
                    "0000".to_string()
                } else {
                    format!("{:>4}", r.opponent)
                };
                let c = match r.colour {
                    Some(Colour::Red) => 'w',
                    Some(Colour::Black) => 'b',
                    None if r.is_blank() => ' ',
                    None => '-',
                };
                let _ = write!(l, "  {opp} {c} {}", r.result);
            }
            out.push_str(l.trim_end());
            out.push('\n');
        }
        out
    }
}
