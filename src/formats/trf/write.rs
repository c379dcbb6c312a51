//! Writing a TRF file: [`Trf::write_as`] in the TRF-2026 form (`142`,
//! `152`, `162`, `192`, `132`, `240`, `250`, `260`) or the TRF-16 form
//! with the TRF(x) lines other programs read (`XXR`, `XXC`, `BBx`, `XXS`,
//! `XXP`, `XXA`).

use super::*;

/// Which form [`Trf::write_as`] writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TrfVersion {
    /// TRF-16 with the TRF(x) extension lines.
    V2016,
    /// TRF-2026 (the default).
    #[default]
    V2026,
}

impl TrfVersion {
    /// `2016` or `2026` (also `16`, `26`).
    pub fn from_code(s: &str) -> Option<TrfVersion> {
        match s.trim() {
            "2016" | "16" => Some(TrfVersion::V2016),
            "2026" | "26" => Some(TrfVersion::V2026),
            _ => None,
        }
    }
}

/// Points as the format writes them: `1.0`, `0.5` (one decimal), or two
/// decimals when the value needs them.
fn pts(p: Points) -> String {
    if p.0 % 10 == 0 {
        format!("{}.{}", p.0 / 100, (p.0 % 100) / 10)
    } else {
        p.to_string()
    }
}

impl Trf {
    /// Writes TRF-16 text (header lines, `XX` lines, then the player lines).
    pub fn write(&self) -> String {
        self.write_as(TrfVersion::V2016)
    }

    /// Writes the file in the form asked for: header lines kept verbatim,
    /// the comments, the records of the form, then the player lines.
    pub fn write_as(&self, version: TrfVersion) -> String {
        let mut out = String::new();
        for l in &self.other_lines {
            out.push_str(l);
            out.push('\n');
        }
        // Comments are TRF-2026's; older readers may refuse the lines.
        for c in self
            .comments
            .iter()
            .filter(|_| version == TrfVersion::V2026)
        {
            let _ = writeln!(out, "### {c}");
        }
        match version {
            TrfVersion::V2016 => self.write_2016_records(&mut out),
            TrfVersion::V2026 => self.write_2026_records(&mut out),
        }
        self.write_players(&mut out);
        out
    }

    fn write_2016_records(&self, out: &mut String) {
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
            self.write_xxs(out, s);
        }
        if let Some(code) = &self.system {
            let _ = writeln!(out, "192 {code}");
        }
        for g in &self.forbidden {
            out.push_str("XXP");
            for id in g {
                let _ = write!(out, " {id}");
            }
            out.push('\n');
        }
        self.write_260(out, false);
        if let Some(t) = self.explicit_virtual_points() {
            for (id, v) in t.iter().filter(|(_, v)| v.iter().any(|p| p.0 != 0)) {
                let mut l = format!("XXA {id:>4}");
                for p in v {
                    let _ = write!(l, " {:>4}", pts(*p));
                }
                out.push_str(&l);
                out.push('\n');
            }
        }
        self.write_240(out);
    }

    fn write_xxs(&self, out: &mut String, s: &PointSettings) {
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

    fn write_2026_records(&self, out: &mut String) {
        if !self.round_dates.is_empty() {
            let mut l = format!("{:<91}", "132");
            for d in &self.round_dates {
                let _ = write!(l, "{d:<8}  ");
            }
            out.push_str(l.trim_end());
            out.push('\n');
        }
        if let Some(r) = self.total_rounds {
            let _ = writeln!(out, "142 {r}");
        }
        if let Some(c) = self.first_colour {
            let _ = writeln!(out, "152 {}", if c == Colour::Red { "W" } else { "B" });
        }
        if let Some(s) = self.points.filter(|s| *s != PointSettings::default()) {
            // 162 with the symbols the endorsed engine reads (never `A`):
            // `Z` sets the zero-point bye and the forfeit loss alike.
            let d = PointSettings::default();
            let mut items = Vec::new();
            if s.win != d.win {
                items.push(('W', s.win));
            }
            if s.draw != d.draw {
                items.push(('D', s.draw));
            }
            if s.loss != d.loss {
                items.push(('L', s.loss));
            }
            if s.zero_bye != d.zero_bye {
                items.push(('Z', s.zero_bye));
            }
            if s.pairing_bye != s.win {
                items.push(('P', s.pairing_bye));
            }
            if !items.is_empty() {
                let mut l = String::from("162 ");
                for (sym, p) in items {
                    let _ = write!(l, " {sym}{:>4}   ", pts(p));
                }
                out.push_str(l.trim_end());
                out.push('\n');
            }
            // What 162 cannot say goes in an XXS line, which qishe reads
            // and other programs pass over.
            let said = PointSettings {
                forfeit_win: s.win,
                full_bye: s.win,
                half_bye: s.draw,
                forfeit_loss: s.zero_bye,
                ..s
            };
            if said != s {
                self.write_xxs(out, &s);
            }
        }
        if let Some(code) = &self.system {
            let _ = writeln!(out, "192 {code}");
        }
        self.write_240(out);
        if let Some(t) = self.explicit_virtual_points() {
            for (p, r1, r2, a, b) in super::as_ranges(&t) {
                let _ = writeln!(out, "250      {:>4} {r1:03} {r2:03} {a:04} {b:04}", pts(p));
            }
        }
        self.write_260(out, true);
    }

    /// `240` lines: one per kind and round, 20 players a line.
    fn write_240(&self, out: &mut String) {
        for b in &self.byes {
            for chunk in b.ids.chunks(20) {
                let mut l = format!("240 {} {:03}", b.kind, b.round);
                for id in chunk {
                    let _ = write!(l, " {id:>4}");
                }
                out.push_str(&l);
                out.push('\n');
            }
        }
    }

    /// `260` lines: the prohibited pairings, and with `forbidden` the
    /// `XXP` groups too (for every round).
    fn write_260(&self, out: &mut String, forbidden: bool) {
        let all = self.total_rounds.unwrap_or(MAX_ROUNDS);
        let groups = self
            .prohibited
            .iter()
            .map(|p| (p.first_round, p.last_round, &p.ids))
            .chain(
                self.forbidden
                    .iter()
                    .filter(|_| forbidden)
                    .map(|g| (1, all, g)),
            );
        for (first, last, ids) in groups {
            let mut l = format!("260 {first:03} {last:03}");
            for id in ids {
                let _ = write!(l, " {id:>4}");
            }
            out.push_str(&l);
            out.push('\n');
        }
    }

    fn write_players(&self, out: &mut String) {
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
    }
}
