//! Club-screen search: building the pinyin index when members load, and
//! one keystroke of search-as-you-type (the filter the screen runs), for a
//! club of 2,000 members and an import-sized list of 20,000.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use qishe::app::App;
use qishe::config::Config;
use qishe::domain::NewMember;
use qishe::tui::search::PinyinIndex;
use qishe::tui::Model;

const SURNAMES: &[&str] = &[
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林",
    "何", "郭", "马", "罗", "曾", "單", "吕", "萧",
];
const GIVEN: &[&str] = &[
    "建国", "志强", "秀英", "文博", "海涛", "丽华", "子轩", "明", "伟", "芳", "浩然", "雨桐", "磊",
    "静怡", "晨", "国栋", "俊杰", "思远", "婷", "鹏飞", "一鸣", "嘉怡", "天宇", "華強",
];
const CLUBS: &[&str] = &[
    "西湖棋社",
    "钱塘象棋队",
    "拱墅少年宫",
    "滨江棋友会",
    "萧山队",
];

fn club(n: usize) -> (App, Model) {
    let mut app = App::in_memory(Config::default()).unwrap();
    let members: Vec<NewMember> = (0..n)
        .map(|i| NewMember {
            name: format!(
                "{}{}",
                SURNAMES[i % SURNAMES.len()],
                GIVEN[(i / SURNAMES.len()) % GIVEN.len()]
            ),
            rating: Some(1200 + (i as i32 * 37) % 1400),
            club: Some(CLUBS[i % CLUBS.len()].to_string()),
            ..Default::default()
        })
        .collect();
    app.store_for_tests()
        .import_members(&members, "bench")
        .unwrap();
    let m = Model::load(&app).unwrap();
    (app, m)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("club_search");
    for n in [2_000usize, 20_000] {
        let (_app, m) = club(n);
        g.bench_with_input(BenchmarkId::new("index_build", n), &m, |b, m| {
            b.iter(|| {
                PinyinIndex::build(
                    m.members()
                        .iter()
                        .flat_map(|x| std::iter::once(x.name.as_str()).chain(x.club.as_deref())),
                )
            })
        });
        for q in ["z", "zhq", "zhanghq", "2200"] {
            g.bench_with_input(BenchmarkId::new(format!("keystroke_{q}"), n), &m, |b, m| {
                b.iter(|| m.filtered_members(q).len())
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
