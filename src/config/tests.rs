use super::*;

fn parse(t: &str) -> Result<Config, ConfigError> {
    Config::parse(t, "config.toml", Path::new("/clubs/a"))
}

#[test]
fn the_shipped_sample_parses() {
    let text = include_str!("../../config.toml");
    let c = parse(text).unwrap();
    assert!(!c.club.is_empty());
    assert_eq!(c.database, Some(PathBuf::from("/clubs/a/club.db")));
    assert!(SCHEMES.contains(&c.event.scheme.as_str()));
}

#[test]
fn values_are_read() {
    let c = parse(
            "club = \"东城象棋社\"\nlanguage = \"zh-Hant\"\n[event]\nscheme = \"draw-0.8\"\nsystem = \"cxa\"\nrounds = 9\ngames_per_round = 2\ntime_control = \"red=60,black=30,inc=15\"\ntiebreaks = [\"small-points\", \"wins\"]\n[event.byes]\nopponent_score = \"own\"\nrequested = \"half\"\nforfeits_to_drop = 3\n[event.scheme_settings]\ndraw = \"0.8\"\n",
        )
        .unwrap();
    assert_eq!(c.club, "东城象棋社");
    assert_eq!(c.language, Some(Lang::ZhHant));
    assert_eq!(c.event.scheme, "draw-0.8");
    assert_eq!(c.event.system, PairingSystem::Cxa);
    assert_eq!(c.event.rounds, 9);
    assert_eq!(c.event.games_per_round, 2);
    assert_eq!(c.event.time_control.black_base_ms, 1_800_000);
    assert_eq!(c.event.tiebreaks.codes(), ["small-points", "wins"]);
    assert_eq!(c.event.byes.opponent_score, ByeOpponentScore::Own);
    assert_eq!(c.event.byes.forfeits_to_drop, 3);
    assert_eq!(c.event.scheme_settings.get("draw").unwrap().text(), "0.8");
}

#[test]
fn an_unknown_key_names_line_and_column() {
    let e = parse("club = \"x\"\n[event]\nrounds = 7\nshceme = \"standard\"\n").unwrap_err();
    assert_eq!((e.line, e.column), (4, 1), "{e}");
    assert!(e.why.en().contains("shceme"), "{e}");
    assert!(e.to_string().starts_with("config.toml:4:1:"));
}

#[test]
fn ratings_settings_are_read_and_checked() {
    let c = parse("[ratings]\nnew_k = 32\nhigh_threshold = 2300\n").unwrap();
    assert_eq!(c.ratings.new_k, 32);
    assert_eq!(c.ratings.high_threshold, 2300);
    assert_eq!(c.ratings.k, 20, "others keep their defaults");
    let e = parse("club = \"x\"\n[ratings]\nk = 20\nkk = 10\n").unwrap_err();
    assert_eq!((e.line, e.column), (4, 1), "{e}");
    assert!(e.why.en().contains("kk"), "{e}");
    let e = parse("[ratings]\nprovisional_games = 0\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 21), "{e}");
}

#[test]
fn a_wrong_type_names_line_and_column() {
    let e = parse("[event]\nrounds = \"seven\"\n").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.column >= 1);
}

#[test]
fn font_is_relative_to_the_config_file() {
    let c = Config::parse(
        "png_font = \"fonts/x.ttc\"\n",
        "c.toml",
        Path::new("/etc/q"),
    )
    .unwrap();
    assert_eq!(c.font, Some(PathBuf::from("/etc/q/fonts/x.ttc")));
    let c = Config::parse("font = \"/f.ttf\"\n", "c.toml", Path::new("/etc/q")).unwrap();
    assert_eq!(c.font, Some(PathBuf::from("/f.ttf")));
    assert_eq!(parse("").unwrap().font, None);
    let e = parse("font = \"a.ttf\"\npng_font = \"b.ttf\"\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 12), "{e}");
}

#[test]
fn the_clubs_identity_and_paper() {
    let c = parse(
            "club = \"东城象棋社\"\norganiser = \"东城区体育局\"\nvenue = \"文化宫\"\nchief_arbiter = \"张三\"\ndeputy_arbiters = [\"李四\", \"王五\"]\npaper = \"letter\"\n",
        )
        .unwrap();
    assert_eq!(c.identity.club.as_deref(), Some("东城象棋社"));
    assert_eq!(c.identity.organiser.as_deref(), Some("东城区体育局"));
    assert_eq!(c.identity.venue.as_deref(), Some("文化宫"));
    assert_eq!(c.identity.chief_arbiter.as_deref(), Some("张三"));
    assert_eq!(c.identity.deputy_arbiters, ["李四", "王五"]);
    assert_eq!(c.paper, crate::domain::Paper::Letter);
    // The built-in club name is no club of the user's.
    assert_eq!(parse("").unwrap().identity.club, None);
    let e = parse("paper = \"a5\"\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 9), "{e}");
}

#[test]
fn the_serve_url_is_an_http_address() {
    let c = parse("serve_url = \"http://192.168.1.20:8080/\"\n").unwrap();
    assert_eq!(c.serve_url.as_deref(), Some("http://192.168.1.20:8080"));
    assert_eq!(parse("").unwrap().serve_url, None);
    for bad in ["192.168.1.20:8080", "http://a b", "ftp://x"] {
        let e = parse(&format!("serve_url = \"{bad}\"\n")).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
    }
}

#[test]
fn repetition_rules_are_read_and_checked() {
    use crate::xiangqi::repetition::RuleSet;
    assert_eq!(parse("").unwrap().repetition_rules, RuleSet::Cxa2011);
    let c = parse("repetition_rules = \"asian\"\n").unwrap();
    assert_eq!(c.repetition_rules, RuleSet::Asian);
    let e = parse("club = \"x\"\nrepetition_rules = \"wxf\"\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 20), "{e}");
    assert!(e.why.en().contains("simple, asian, cxa2011"), "{e}");
}

#[test]
fn a_bad_scheme_setting_names_line_and_column_at_load() {
    let e = parse("[event]\nscheme = \"standard\"\n[event.scheme_settings]\nblack_win = \"abc\"\n")
        .unwrap_err();
    assert_eq!((e.line, e.column), (4, 13), "{e}");
    assert!(e.why.en().contains("black_win"), "{e}");
    let e = parse("[event.scheme_settings]\ndraw = \"1\"\nblack_wim = 2\n").unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    let c =
        parse("[event]\nscheme = \"draw-0.8\"\n[event.scheme_settings]\ndraw = \"0.8\"\n").unwrap();
    assert_eq!(c.event.scheme_settings.get("draw").unwrap().text(), "0.8");
}

#[test]
fn an_unknown_scheme_lists_the_allowed_ones() {
    let e = parse("[event]\nscheme = \"standart\"\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 10), "{e}");
    assert!(
        e.why.en().contains("standart") && e.why.en().contains("draw-0.8"),
        "{e}"
    );
    let e = parse("[event]\ntiebreaks = [\"wins\", \"buchholz-cut0\"]\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.why.en().contains("opponent-score"));
    let e = parse("language = \"fr\"\n").unwrap_err();
    assert!(e.why.en().contains("zh-Hans"));
    let e = parse("[event]\ntime_control = \"ninety\"\n").unwrap_err();
    assert_eq!(e.line, 2);
}

#[test]
fn a_typo_in_each_id_section_names_its_place_and_the_allowed_ids() {
    // (config, line, column, a word the message must hold)
    let cases = [
        ("[event]\nscheme = \"standart\"\n", 2, 10, "three-point"),
        (
            "[event]\nrounds = 5\nsystem = \"dutsch\"\n",
            3,
            10,
            "berger",
        ),
        (
            "[event]\ntiebreaks = [\"wins\", \"bucholz\"]\n",
            2,
            22,
            "sonneborn-berger",
        ),
        ("[event.byes]\nopponent_score = \"low\"\n", 2, 18, "lowest"),
        ("[event.byes]\nrequested = \"full\"\n", 2, 13, "half"),
        ("[event.pairing]\nround1_methd = 3\n", 2, 1, "round1_method"),
        // An event's own setting is no club default.
        (
            "[event.pairing]\nround1_method = 2\nserve_port = 8080\n",
            3,
            1,
            "serve_port",
        ),
        (
            "[event.pairing]\nacceleration = \"baku\"\n",
            2,
            1,
            "acceleration",
        ),
        (
            "[event.pairing]\nclubmates = \"absolute\"\n",
            2,
            1,
            "clubmates",
        ),
        (
            "[event.pairing]\nround1_method = 300\n",
            2,
            1,
            "round1_method",
        ),
        (
            "[event.pairing]\nfirst_colour = \"blue\"\n",
            2,
            1,
            "red / black",
        ),
        (
            "[event.pairing]\nno_three_in_row = \"yes\"\n",
            2,
            1,
            "no_three_in_row",
        ),
        (
            "[event]\nrounds = 5\n[event.pairing]\ndouble_round_robin = 1\n",
            4,
            1,
            "true",
        ),
    ];
    for (text, line, column, word) in cases {
        let e = parse(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text}: {e}");
        assert!(e.to_string().contains(word), "{text}: {e}");
    }
    // Known pairing settings of the right type load, for a system
    // that reads them.
    let c = parse(
        "[event]\nsystem = \"cxa\"\n[event.pairing]\nround1_method = 2\nfirst_colour = \"black\"\n",
    )
    .unwrap();
    let o = &c.event.pairing_settings.options;
    assert_eq!(o.round1_method, Some(2));
    assert_eq!(o.first_colour, Some(crate::domain::Colour::Black));
    let c = parse("[event]\nsystem = \"berger\"\n[event.pairing]\ndouble_round_robin = true\n")
        .unwrap();
    assert!(c.event.pairing_settings.options.double_round_robin());
    // ... and are refused, by file, line and column, for one that does
    // not: the Chinese method's round 1 on a Dutch event.
    for (text, line, key, system) in [
            ("[event.pairing]\nround1_method = 2\n", 2, "round1_method", "瑞士制"),
            (
                "[event]\nsystem = \"cxa\"\n[event.pairing]\ndouble_round_robin = true\n",
                4,
                "double_round_robin",
                "积分编排",
            ),
            (
                "[event]\nsystem = \"dutch\"\n[event.pairing]\nfirst_colour = \"black\"\nforfeit_limit = 3\n",
                5,
                "forfeit_limit",
                "瑞士制",
            ),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, 1), "{text}: {e}");
            let zh = e.msg().render(Lang::ZhHans);
            assert!(zh.contains(key) && zh.contains(system), "{zh}");
            let hant = e.msg().render(Lang::ZhHant);
            assert!(hant.contains(key) && hant.contains("不適用於"), "{hant}");
            assert!(e.to_string().contains("is for"), "{e}");
        }
}

#[test]
fn every_pairing_key_the_config_takes_round_trips_to_the_stored_column() {
    use serde_json::json;
    // A value of each option's type, as the stored column writes it.
    let sample = |k: PairingKey| match k {
        PairingKey::DoubleRoundRobin
        | PairingKey::RoundRobinByeScores
        | PairingKey::NoThreeInRow => json!(true),
        PairingKey::AvoidSameClub | PairingKey::FloatBalance => json!(false),
        PairingKey::FirstColour => json!("black"),
        PairingKey::Clubmates => json!("relaxed"),
        PairingKey::Acceleration => json!("baku"),
        PairingKey::VirtualPoints => json!({"7": [100]}),
        PairingKey::Round1Method => json!(5),
        PairingKey::Round1Colour => json!(3),
        PairingKey::IdenticalColourOption | PairingKey::ByeMode => json!(1),
        PairingKey::LastRoundsThreshold => json!(150),
        PairingKey::LastRoundsFromEnd | PairingKey::ForfeitLimit => json!(2),
        PairingKey::RandomSeed => json!(42),
        PairingKey::UpperHalf => json!([1, 2]),
        PairingKey::LowerHalf => json!([9]),
        PairingKey::QualifiedAfter => json!([3, 500]),
        PairingKey::EliminatedAfter => json!([2, 100]),
        PairingKey::ExhaustiveCap => json!(20),
    };
    let mut taken = 0;
    for k in PairingKey::ALL {
        let value = sample(k);
        let system = k.systems().map_or(PairingSystem::Dutch, |s| s[0]);
        let toml_value: toml::Value = serde_json::from_value(value.clone()).unwrap();
        let text = format!(
            "[event]\nsystem = \"{}\"\n[event.pairing]\n{} = {}\n",
            system.code(),
            k.name(),
            toml_value
        );
        let Ok(c) = parse(&text) else {
            // Only the options an event is given on its own are not
            // the club's defaults.
            assert!(!pairing_keys().any(|p| p == k), "{text}");
            continue;
        };
        taken += 1;
        let o = &c.event.pairing_settings.options;
        assert_eq!(o.set_keys(), [k], "{text}");
        assert_eq!(
            serde_json::to_string(o).unwrap(),
            serde_json::to_string(&json!({ k.name(): value })).unwrap(),
            "{text}"
        );
    }
    assert_eq!(taken, pairing_keys().count());
    assert_eq!(taken, PairingKey::ALL.len() - 3);
}

#[test]
fn every_id_reads_back_as_its_enum() {
    for (i, k) in SchemeKind::ALL.into_iter().enumerate() {
        assert_eq!(k as usize, i);
        let c = parse(&format!("[event]\nscheme = \"{}\"\n", k.id())).unwrap();
        assert_eq!(c.event.scheme, k.id());
    }
    for (i, t) in TieBreak::ALL.into_iter().enumerate() {
        assert_eq!(t.code(), TieBreak::CODES[i]);
        assert_eq!(TieBreak::parse(t.code()).unwrap(), t);
    }
    let all = TieBreak::CODES.map(|c| format!("\"{c}\"")).join(", ");
    let c = parse(&format!("[event]\ntiebreaks = [{all}]\n")).unwrap();
    assert_eq!(c.event.tiebreaks.codes(), TieBreak::CODES);
}

#[test]
fn a_config_error_speaks_the_users_language() {
    let e = parse("[event]\nrounds = 0\n").unwrap_err();
    assert_eq!(e.msg().en(), "config.toml:2:10: rounds must be at least 1");
    let zh = e.msg().render(Lang::ZhHans);
    assert!(
        zh.contains("config.toml") && zh.contains("至少为 1"),
        "{zh}"
    );
    let e = parse("[event.pairing]\nround1_methd = 3\n").unwrap_err();
    assert!(
        e.msg().render(Lang::ZhHant).contains("沒有設定項"),
        "{}",
        e.msg().render(Lang::ZhHant)
    );
}
