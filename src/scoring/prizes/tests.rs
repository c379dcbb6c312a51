//! The worked examples of prizes.md, verbatim, and the rules around them,
//! each allocation computed by hand.

use super::*;
use crate::domain::{Prize, PrizeFacts, Sex};

/// A member of the examples' club: name, sex, born, rating, club.
type Member = (
    &'static str,
    Option<Sex>,
    Option<i32>,
    Option<i32>,
    Option<&'static str>,
);

/// The club of every example.
const CLUB: [Member; 12] = [
    ("王强", Some(Sex::M), Some(1985), Some(2210), Some("红星")),
    ("李娜", Some(Sex::F), Some(1990), Some(2050), Some("蓝天")),
    ("张伟", Some(Sex::M), Some(1958), Some(1980), Some("红星")),
    ("刘洋", Some(Sex::M), Some(2011), Some(1720), None),
    ("陈静", Some(Sex::F), Some(2010), Some(1650), Some("蓝天")),
    ("赵磊", Some(Sex::M), Some(1962), Some(0), Some("红星")),
    ("孙丽", Some(Sex::F), None, Some(1540), Some("蓝天")),
    ("周杰", Some(Sex::M), Some(1975), Some(1420), Some("红星")),
    ("吴敏", Some(Sex::F), Some(2012), Some(1380), None),
    ("郑浩", Some(Sex::M), None, None, None),
    ("冯刚", Some(Sex::M), Some(1970), Some(1500), None),
    ("何平", Some(Sex::M), Some(1980), Some(1300), None),
];

/// Points in halves: example 1's column.
const POINTS_1: [i64; 12] = [12, 11, 10, 9, 9, 8, 8, 7, 6, 6, 5, 4];
/// Examples 2 and 3.
const POINTS_2: [i64; 12] = [11, 10, 9, 9, 9, 8, 7, 7, 6, 5, 4, 2];

fn field(halves: &[i64]) -> Vec<Contender> {
    CLUB.iter()
        .zip(halves)
        .enumerate()
        .map(|(i, (c, h))| Contender {
            rank: i as u32 + 1,
            name: c.0.into(),
            points: Points(h * 50),
            facts: PrizeFacts {
                sex: c.1,
                born: c.2,
                rating: c.3,
                club: c.4.map(str::to_string),
            },
        })
        .collect()
}

/// A list from `category,place,value` lines (money when digits).
fn list(sharing: Sharing, rows: &str) -> PrizeList {
    PrizeList {
        sharing,
        prizes: rows
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                Prize {
                    category: Category::parse(f[0]).unwrap(),
                    place: f[1].parse().unwrap(),
                    value: match f[2].parse::<u64>() {
                        Ok(m) => PrizeValue::Money(m),
                        Err(_) => PrizeValue::Item(f[2].into()),
                    },
                }
            })
            .collect(),
    }
}

/// The allocation as `name category place value` lines, in the order given.
fn given(f: &[Contender], a: &Allocation) -> Vec<String> {
    a.awards
        .iter()
        .map(|w| {
            let v = match &w.given {
                Given::Money(m) => m.to_string(),
                Given::Item(t) => t.clone(),
            };
            format!("{} {} {} {}", f[w.player].name, w.category, w.place, v)
        })
        .collect()
}

/// The CSV rows of §6.3: rank,name,category,place,amount,item.
fn rows(f: &[Contender], a: &Allocation) -> Vec<String> {
    a.in_standings_order()
        .into_iter()
        .map(|w| {
            let (amount, item) = match &w.given {
                Given::Money(m) => (m.to_string(), String::new()),
                Given::Item(t) => (String::new(), t.clone()),
            };
            let p = &f[w.player];
            format!(
                "{},{},{},{},{amount},{item}",
                p.rank, p.name, w.category, w.place
            )
        })
        .collect()
}

fn unawarded(l: &PrizeList, a: &Allocation) -> Vec<String> {
    a.not_awarded
        .iter()
        .map(|n| {
            let p = &l.prizes[n.prize];
            format!("{} {} {:?}", p.category, p.place, n.why)
        })
        .collect()
}

const LIST_1: &str = "overall,1,2000
overall,2,1200
overall,3,800
overall,4,500
sex=f,1,1500
sex=f,2,400
born>=2010,1,300
born<=1965,1,300
unrated,1,200
born>=2015,1,200
club=红星,1,奖杯
overall,5,证书";

#[test]
fn example_1_one_prize_each_the_bigger_one() {
    let l = list(Sharing::None, LIST_1);
    let f = field(&POINTS_1);
    let a = allocate(&l, &f);
    assert_eq!(
        given(&f, &a),
        [
            "王强 overall 1 2000",
            "李娜 sex=f 1 1500",
            "张伟 overall 2 1200",
            "刘洋 overall 3 800",
            "陈静 overall 4 500",
            "孙丽 sex=f 2 400",
            "吴敏 born>=2010 1 300",
            "赵磊 born<=1965 1 300",
            "郑浩 unrated 1 200",
            "周杰 club=红星 1 奖杯",
            "冯刚 overall 5 证书",
        ]
    );
    assert_eq!(unawarded(&l, &a), ["born>=2015 1 NobodyEligible"]);
    // Why: overall 2 passed over 王强 (overall 1) and 李娜, who held the
    // women's prize.
    let o2 = &a.awards[2];
    assert_eq!(o2.passed_over, [(0, 0), (1, 1)]);
    // The unrated prize passed over 赵磊 (rating 0), who had born<=1965.
    let unr = &a.awards[8];
    assert_eq!(unr.passed_over, [(5, 7)]);
    // The club cup passed over 王强, 张伟 and 赵磊.
    let cup = &a.awards[9];
    assert_eq!(
        cup.passed_over.iter().map(|p| p.0).collect::<Vec<_>>(),
        [0, 2, 5]
    );
    assert_eq!(
        a.money_given(),
        2000 + 1500 + 1200 + 800 + 500 + 400 + 300 + 300 + 200
    );
    assert_eq!(l.total_money(), a.money_given() + 200);
}

const LIST_2: &str = "overall,1,2000
overall,2,1000
overall,3,500
overall,4,300
overall,5,证书
sex=f,1,400
born<=1965,1,300";

#[test]
fn example_2_equal_shares_across_the_last_money_place() {
    let l = list(Sharing::Equal, LIST_2);
    let f = field(&POINTS_2);
    let a = allocate(&l, &f);
    assert_eq!(
        rows(&f, &a),
        [
            "1,王强,overall,1,2000,",
            "2,李娜,overall,2,1000,",
            "3,张伟,overall,3,267,",
            "4,刘洋,overall,4,267,",
            "5,陈静,overall,5,266,",
            "5,陈静,overall,5,,证书",
            "6,赵磊,born<=1965,1,300,",
            "7,孙丽,sex=f,1,400,",
        ]
    );
    let zw = a.awards.iter().find(|w| w.player == 2).unwrap();
    assert_eq!(
        zw.share,
        Some(Share {
            first: 3,
            last: 5,
            pool: 800,
            size: 3,
            own: 500,
            sharing: Sharing::Equal,
            extra_unit: true,
        })
    );
    // 陈静's place (5) has no money of its own: her share names no prize.
    let cj = a.awards.iter().find(|w| w.player == 4).unwrap();
    assert_eq!(
        (cj.prize, cj.share.as_ref().unwrap().extra_unit),
        (None, false)
    );
    assert!(a.not_awarded.is_empty());
    assert_eq!(a.money_given(), 2000 + 1000 + 800 + 300 + 400);
}

#[test]
fn example_3_hort() {
    let l = list(Sharing::Hort, LIST_2);
    let f = field(&POINTS_2);
    let a = allocate(&l, &f);
    assert_eq!(
        rows(&f, &a),
        [
            "1,王强,overall,1,2000,",
            "2,李娜,overall,2,1000,",
            "3,张伟,overall,3,384,",
            "4,刘洋,overall,4,283,",
            "5,陈静,overall,5,133,",
            "5,陈静,overall,5,,证书",
            "6,赵磊,born<=1965,1,300,",
            "7,孙丽,sex=f,1,400,",
        ]
    );
}

#[test]
fn example_2_list_without_sharing() {
    let l = list(Sharing::None, LIST_2);
    let f = field(&POINTS_2);
    let a = allocate(&l, &f);
    assert_eq!(
        given(&f, &a),
        [
            "王强 overall 1 2000",
            "李娜 overall 2 1000",
            "张伟 overall 3 500",
            "陈静 sex=f 1 400",
            "刘洋 overall 4 300",
            "赵磊 born<=1965 1 300",
            "孙丽 overall 5 证书",
        ]
    );
}

#[test]
fn example_4_two_level_on_top() {
    let mut f = field(&POINTS_2);
    f.truncate(3);
    f[0].points = Points(500);
    f[1].points = Points(500);
    f[2].points = Points(400);
    let text = "overall,1,3000\noverall,2,1000\noverall,3,500";
    let amounts = |s: Sharing| -> Vec<String> {
        let a = allocate(&list(s, text), &f);
        given(&f, &a)
    };
    assert_eq!(
        amounts(Sharing::Equal),
        [
            "王强 overall 1 2000",
            "李娜 overall 2 2000",
            "张伟 overall 3 500"
        ]
    );
    assert_eq!(
        amounts(Sharing::Hort),
        [
            "王强 overall 1 2500",
            "李娜 overall 2 1500",
            "张伟 overall 3 500"
        ]
    );
    assert_eq!(
        amounts(Sharing::None),
        [
            "王强 overall 1 3000",
            "李娜 overall 2 1000",
            "张伟 overall 3 500"
        ]
    );
}

#[test]
fn shares_round_down_and_the_units_left_go_to_the_best_ranked() {
    assert_eq!(
        split(Sharing::Equal, 800, &[500, 300, 0]),
        [(267, true), (267, true), (266, false)]
    );
    assert_eq!(
        split(Sharing::Hort, 800, &[500, 300, 0]),
        [(384, true), (283, false), (133, false)]
    );
    // Hort: exact shares that are whole take no unit.
    assert_eq!(
        split(Sharing::Hort, 1000, &[1000, 0]),
        [(750, false), (250, false)]
    );
    // A pool smaller than the group: some members get 0.
    assert_eq!(
        split(Sharing::Equal, 2, &[1, 1, 0]),
        [(1, true), (1, true), (0, false)]
    );
    for (pool, own) in [(1001u64, vec![700u64, 301]), (7, vec![4, 2, 1, 0, 0, 0])] {
        for s in [Sharing::Equal, Sharing::Hort] {
            let v = split(s, pool, &own);
            assert_eq!(v.iter().map(|x| x.0).sum::<u64>(), pool, "{s:?} {pool}");
        }
    }
}

#[test]
fn a_member_whose_share_is_0_has_no_prize_and_can_take_a_category_prize() {
    // Three level on top share 2 (places 1..3: 1 + 1 + 0): the third gets 0,
    // so the women's prize can go to her.
    let all = field(&POINTS_2);
    let mut f: Vec<Contender> = [0, 2, 4, 3, 1].iter().map(|&i| all[i].clone()).collect();
    for (c, h) in f.iter_mut().zip([10, 10, 10, 8, 6]) {
        c.points = Points(h * 50);
    }
    // Now: 王强, 张伟, 陈静 on 5; 刘洋 and 李娜 below.
    let l = list(Sharing::Equal, "overall,1,1\noverall,2,1\nsex=f,1,50");
    let a = allocate(&l, &f);
    assert_eq!(
        given(&f, &a),
        ["王强 overall 1 1", "张伟 overall 2 1", "陈静 sex=f 1 50"]
    );
}

#[test]
fn overall_places_beyond_the_field_go_to_nobody() {
    let mut f = field(&POINTS_1);
    f.truncate(2);
    let text = "overall,1,100\noverall,2,50\noverall,3,30\noverall,4,证书";
    let l = list(Sharing::Equal, text);
    let a = allocate(&l, &f);
    assert_eq!(given(&f, &a), ["王强 overall 1 100", "李娜 overall 2 50"]);
    assert_eq!(
        unawarded(&l, &a),
        ["overall 3 NoPlayerAtPlace", "overall 4 NoPlayerAtPlace"]
    );
    let l = list(Sharing::None, text);
    let a = allocate(&l, &f);
    assert_eq!(
        unawarded(&l, &a),
        ["overall 3 AllHavePrizes", "overall 4 AllHavePrizes"]
    );
}

#[test]
fn rating_bands_unrated_and_clubs() {
    let l = list(
        Sharing::None,
        "overall,1,1000
rating<1600,1,200
rating<1600,2,100
rating=1600..1799,1,150
unrated,1,80
club=蓝天,1,奖杯
club=无此队,1,奖杯",
    );
    let f = field(&POINTS_1);
    let a = allocate(&l, &f);
    assert_eq!(
        given(&f, &a),
        [
            "王强 overall 1 1000",
            // 孙丽 1540 is the best-ranked rated under 1600 (赵磊's 0 is unrated).
            "孙丽 rating<1600 1 200",
            // 刘洋 1720 before 陈静 1650.
            "刘洋 rating=1600..1799 1 150",
            "周杰 rating<1600 2 100",
            "赵磊 unrated 1 80",
            "李娜 club=蓝天 1 奖杯",
        ]
    );
    assert_eq!(unawarded(&l, &a), ["club=无此队 1 NobodyEligible"]);
}

#[test]
fn a_tie_after_every_tie_break_is_taken_in_the_listed_order() {
    // Two players share rank 4: the first listed is taken first.
    let mut f = field(&POINTS_1);
    f[4].rank = 4;
    let l = list(
        Sharing::None,
        "overall,1,10\noverall,2,9\noverall,3,8\noverall,4,7",
    );
    let a = allocate(&l, &f);
    assert_eq!(given(&f, &a)[3], "刘洋 overall 4 7");
}

#[test]
fn explain_says_why_not_the_other_prizes() {
    let l = list(Sharing::None, LIST_1);
    let f = field(&POINTS_1);
    let a = allocate(&l, &f);
    // 李娜 (index 1): won sex=f 1; overall 1 to 王强; overall 2, 3, 4 and
    // sex=f 2 while she held the women's prize; not in the junior or
    // senior categories, …
    let w = explain(&l, &f, &a, 1);
    assert_eq!(w[0], Why::Won { award: 1 });
    assert_eq!(
        w[1],
        Why::BetterRanked {
            prize: 0,
            winner: 0
        }
    );
    assert_eq!(
        w[2],
        Why::AlreadyHad {
            prize: 1,
            held: 1,
            winner: Some(2)
        }
    );
    assert!(w.contains(&Why::NotEligible { prize: 6 }));
    assert!(w.contains(&Why::NotEligible { prize: 10 }));
    // Every prize of the list is spoken of once.
    assert_eq!(w.len(), l.prizes.len());
    // Shared: places outside his group go by position.
    let l2 = list(Sharing::Equal, LIST_2);
    let f2 = field(&POINTS_2);
    let a2 = allocate(&l2, &f2);
    let w = explain(&l2, &f2, &a2, 3); // 刘洋, 267 of the 3..5 group
    assert!(matches!(w[0], Why::Won { .. }));
    assert!(w.contains(&Why::ByPosition {
        prize: 0,
        winner: Some(0)
    }));
    assert!(w.contains(&Why::ByPosition {
        prize: 4,
        winner: Some(4)
    }));
    assert!(!w
        .iter()
        .any(|x| matches!(x, Why::ByPosition { prize: 2, .. })));
}
