//! Layer rules that the compiler cannot check: the front ends (src/cli,
//! src/tui) reach the club only through `qishe::app` (issue 14).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `.store` as a field or method (`app.store.x`, `.store_for_tests()`),
/// not as the start of a longer word (`d.stored`).
fn names_the_store_field(line: &str) -> bool {
    line.match_indices(".store").any(|(i, _)| {
        let next = line[i + ".store".len()..].chars().next();
        !next.is_some_and(|c| c.is_alphanumeric())
    })
}

/// Lines of the front ends that name the store: `file:line: text`.
fn store_mentions(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for d in ["src/cli", "src/tui"] {
        rust_files(&root.join(d), &mut files);
    }
    assert!(files.len() > 10, "the front ends' files were found");
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains("store::") || names_the_store_field(line) {
                hits.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    hits
}

#[test]
fn front_ends_do_not_reach_the_store() {
    let hits = store_mentions(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        hits.is_empty(),
        "src/cli and src/tui must go through App methods:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_store_check_sees_a_front_end_that_reaches_the_store() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["src/cli", "src/tui/deep"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    for i in 0..10 {
        std::fs::write(dir.path().join(format!("src/cli/f{i}.rs")), "fn f() {}\n").unwrap();
    }
    std::fs::write(
        dir.path().join("src/tui/deep/x.rs"),
        "fn f(app: &App) {\n    app.store.members(true);\n    d.stored;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/cli/y.rs"),
        "use crate::store::Store;\n",
    )
    .unwrap();
    let hits = store_mentions(dir.path());
    assert_eq!(hits.len(), 2, "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("x.rs:2:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("y.rs:1:")), "{hits:?}");
}
