use super::*;

fn parse(code: &str) -> Option<TieBreak> {
    TieBreak::parse(code).ok()
}

/// FIDE's form and qishe's read to the same criterion, whose codes
/// read back to it; the named variants stay what they were.
#[test]
fn modified_codes_read_both_ways_and_round_trip() {
    let cases = [
        ("BH/C3", "buchholz-cut3"),
        ("fb/m4", "fore-buchholz-median4"),
        ("TPR/C1", "tpr-cut1"),
        ("PTP/M2", "ptp-median2"),
        ("PS/C2", "progressive-cut2"),
        ("AOB/C1", "aob-cut1"),
        ("APRO/M1", "apro-median1"),
        ("APPO/C12", "appo-cut12"),
        ("KS/L60", "koya-limit60"),
        ("KS/L0", "koya-limit0"),
        ("KS/L+2", "koya-limit+1.0"),
        ("KS/L+1.5", "koya-limit+1.5"),
        ("KS/L-1", "koya-limit-0.5"),
        ("KS/L+0.25", "koya-limit+0.25"),
        ("KS/K1", "koya-limit+1.0"),
        ("KS#L60", "koya-limit60"),
        ("BH!C3", "buchholz-cut3"),
        ("SB/C1/P", "sonneborn-berger-cut1-played"),
        ("bh#p", "buchholz-played"),
        ("FB/C2/P", "fore-buchholz-cut2-played"),
        ("SB/F", "sonneborn-berger-fore"),
        ("SB/M1/D", "sonneborn-berger-median1-draws"),
        ("AOB/F", "aob-fore"),
        ("AOB/C1/P", "aob-cut1-played"),
        ("ARO/U1000", "aro-unrated1000"),
        ("ARO/C1/U1000", "aro-cut1-unrated1000"),
        ("TPR/M1/U1200", "tpr-median1-unrated1200"),
        ("APPO/U900", "appo-unrated900"),
        ("RTNG/U1100", "rating-unrated1100"),
        ("BH/C1/N", "buchholz-cut1-plain"),
        ("AOB/C1/N", "aob-cut1-plain"),
        ("SB/V1", "sonneborn-berger-rules2024"),
        ("BH/V", "buchholz-rules2026"),
        ("ARO/C1/V0", "aro-cut1-rules2022"),
        ("FB/V2024", "fore-buchholz-rules2024"),
        ("BH/R", "buchholz-reversed"),
        ("RTNG/R", "rating-reversed"),
        ("TPR/S", "tpr-swiss"),
        (
            "SB/C2/N/V2022/R/S",
            "sonneborn-berger-cut2-plain-rules2022-reversed-swiss",
        ),
    ];
    for (fide, ours) in cases {
        let t = parse(fide).unwrap_or_else(|| panic!("{fide}"));
        assert_eq!(t.code(), ours, "{fide}");
        assert_eq!(parse(ours), Some(t), "{ours}");
        let back = t.fide_code().unwrap();
        assert_eq!(parse(back), Some(t), "{back}");
        assert!(t.is_fide(), "{fide}");
    }
    assert_eq!(parse("BH/C1"), Some(TieBreak::BuchholzCut1));
    assert_eq!(parse("buchholz-cut1"), Some(TieBreak::BuchholzCut1));
    assert_eq!(parse("ARO/M2"), Some(TieBreak::AroMedian2));
    assert_eq!(parse("KS/L50"), Some(TieBreak::Koya));
    assert_eq!(parse("KS/L+0"), Some(TieBreak::Koya));
    // BH the Fore-Buchholz way is FB; the modifiers in any order.
    assert_eq!(parse("BH/F"), Some(TieBreak::ForeBuchholz));
    assert_eq!(parse("BH/C1/F"), Some(TieBreak::ForeBuchholzCut1));
    assert_eq!(parse("SB/P/C1"), parse("SB/C1/P"));
    assert_eq!(parse("SB/P/C1").unwrap().fide_code(), Some("SB/C1/P"));
    // The checker's edition year after the name changes nothing.
    assert_eq!(parse("BH@24/C1"), Some(TieBreak::BuchholzCut1));
    assert_eq!(parse("sb@2026"), Some(TieBreak::SonnebornBerger));
    assert_eq!(parse("ARO@24/C1/U1000"), parse("ARO/C1/U1000"));
    assert_eq!(parse("BH/V2").unwrap().fide_code(), Some("BH/V2026"));
    // Reversed, a criterion ranks the lower value ahead.
    let (low, high) = (
        crate::scoring::TieValue::One(Points::new(1)),
        crate::scoring::TieValue::One(Points::new(2)),
    );
    let bh = TieBreak::Buchholz;
    assert_eq!(bh.compare(&high, &low), std::cmp::Ordering::Less);
    let r = parse("BH/R").unwrap();
    assert_eq!(r.compare(&low, &high), std::cmp::Ordering::Less);
    assert_eq!(
        TieBreak::with_cut(TieBreak::SonnebornBerger, 2, 2),
        Some(TieBreak::SonnebornBergerMedian2)
    );
}

/// What FIDE gives no meaning is refused: a cut of none, a median of
/// PS, a limit beyond 100% or on anything but KS, a modifier on a
/// modified criterion or on a count.
#[test]
fn meaningless_modifiers_are_refused() {
    for bad in [
        "BH/C0",
        "BH/C01",
        "BH/C",
        "BH/C100",
        "PS/M1",
        "KS/L101",
        "KS/L",
        "KS/L+",
        "KS/L+x",
        "KS/C1",
        "TPR/L60",
        "WIN/C1",
        "DE/C1",
        "BH/C1/C1",
        "buchholz-cut1-cut1",
        "koya-limit",
        "koya-cut1",
        "BH/X1",
        "wins-cut1",
        "ARO/P",
        "BH/D",
        "PS/P",
        "FB/F",
        "SB/P/P",
        "SB/C1/M1",
        "BH/P1",
        "ARO/U",
        "ARO/U0",
        "ARO/U01",
        "ARO/U4001",
        "BH/U1000",
        "RTNG/C1",
        "KS/L60/P",
        "DE/C1",
        "buchholz-played-played",
        "aro-unrated",
        "buchholz-cut1-forfeits",
        "BH/V3",
        "BH/V2025",
        "BH/N1",
        "BH/R1",
        "APRO/V0",
        "PS/N",
        "BH@/C1",
        "BH@123",
        "buchholz-rules",
        "buchholz-plain-plain",
    ] {
        assert_eq!(parse(bad), None, "{bad}");
    }
}

/// A modified criterion's Koya threshold: exact fractions of the
/// maximum, a move of the 50% limit in points.
#[test]
fn koya_thresholds_are_exact() {
    let max = 500; // 5 rounds of 1 point, in hundredths
    let p = |h: i64| Points::from_hundredths(h);
    let sixty = KoyaLimit::Percent(60).threshold(max);
    assert!(sixty.reached_by(p(300)) && !sixty.reached_by(p(250)));
    let third = KoyaLimit::Percent(33).threshold(300);
    assert!(third.reached_by(p(99)) && !third.reached_by(p(98)));
    let up = KoyaLimit::Offset(100).threshold(max);
    assert!(up.reached_by(p(350)) && !up.reached_by(p(300)));
    let down = KoyaLimit::Offset(-150).threshold(max);
    assert!(down.reached_by(p(100)) && !down.reached_by(p(50)));
}

/// Every built criterion has a name in the three languages, made of
/// its base's name and the modifier, long and short.
#[test]
fn built_criteria_are_named_in_three_languages() {
    let bh3 = parse("BH/C3").unwrap();
    assert_eq!(bh3.name(Lang::ZhHans, false), "布氏分减3");
    assert_eq!(bh3.name(Lang::ZhHant, false), "布氏分減3");
    assert_eq!(bh3.name(Lang::En, false), "Buchholz cut 3");
    assert_eq!(bh3.name(Lang::En, true), "BH-3");
    let tpr = parse("TPR/M1").unwrap();
    assert_eq!(tpr.name(Lang::En, false), "Performance median 1");
    assert_eq!(tpr.name(Lang::En, true), "TPR-M1");
    let ks = parse("KS/L60").unwrap();
    assert_eq!(ks.name(Lang::ZhHans, false), "科亚分 (门槛 60%)");
    assert_eq!(ks.name(Lang::En, false), "Koya, limit 60%");
    assert_eq!(ks.name(Lang::En, true), "KS/L60%");
    assert_eq!(
        parse("KS/L-1.5").unwrap().name(Lang::ZhHant, false),
        "科亞分 (門檻 -1.5)"
    );
    assert_eq!(TieBreak::Buchholz.name(Lang::En, false), "Buchholz");
    let sb = parse("SB/C1/P").unwrap();
    assert_eq!(
        sb.name(Lang::En, false),
        "Sonneborn-Berger cut 1, forfeits as games"
    );
    assert_eq!(sb.name(Lang::ZhHans, false), "索伯分减1 (弃权按对局)");
    assert_eq!(sb.name(Lang::En, true), "SB-1/P");
    let aro = parse("ARO/U1000").unwrap();
    assert_eq!(
        aro.name(Lang::ZhHant, false),
        "對手平均等級分 (無等級分按 1000)"
    );
    assert_eq!(aro.name(Lang::En, true), "ARO/U1000");
    for t in [
        "BH/C3", "KS/L60", "PS/C1", "APPO/M2", "SB/F", "SB/M1/D", "AOB/P", "RTNG/U1",
    ] {
        let t = parse(t).unwrap();
        for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
            for short in [false, true] {
                let name = t.name(lang, short);
                assert!(!name.contains('{') && !name.contains("tb."), "{t}: {name}");
            }
        }
    }
}
