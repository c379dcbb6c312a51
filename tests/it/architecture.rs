//! Layer rules that the compiler cannot check: the front ends (src/cli,
//! src/tui, src/serve) reach the club only through `qishe::app`.

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
    for d in ["src/cli", "src/tui", "src/serve"] {
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
        "src/cli, src/tui and src/serve must go through App methods:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_store_check_sees_a_front_end_that_reaches_the_store() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["src/cli", "src/tui/deep", "src/serve"] {
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
    std::fs::write(
        dir.path().join("src/serve/z.rs"),
        "fn page(app: &App) {\n    app.store.events();\n}\n",
    )
    .unwrap();
    let hits = store_mentions(dir.path());
    assert_eq!(hits.len(), 3, "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("z.rs:2:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("x.rs:2:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("y.rs:1:")), "{hits:?}");
}

/// `store::` as a path of its own (`crate::store::X`, `store::X`), not
/// the end of a longer name (`restore::check_backup`).
fn names_a_store_path(line: &str) -> bool {
    line.match_indices("store::").any(|(i, _)| {
        let before = line[..i].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Lines of `src/app` (unit tests aside) that hand a store type to the
/// front ends: a `pub use` of a store item, or a public item whose line
/// names one (`pub fn x() -> store::Y`, `pub field: store::Y`).
fn door_store_leaks(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src/app"), &mut files);
    let mut hits = Vec::new();
    for f in files {
        if f.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("#[cfg(test)]") {
                break;
            }
            let public = t.starts_with("pub ") && !t.starts_with("pub(");
            if public && names_a_store_path(t) {
                hits.push(format!("{}:{}: {}", f.display(), i + 1, t));
            }
        }
    }
    hits
}

#[test]
fn the_door_hands_out_no_store_type() {
    let hits = door_store_leaks(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        hits.is_empty(),
        "the app's public types are its own (convert at the app/store seam):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_door_check_sees_a_store_type_handed_out() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src/app/deep")).unwrap();
    std::fs::write(
        dir.path().join("src/app/a.rs"),
        "pub use crate::store::BackupInfo;\nuse crate::store::Store;\npub use restore::check_backup;\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/app/deep/b.rs"),
        "impl App {\n    pub fn x(&self) -> Vec<crate::store::EventSummary> {}\n    pub(crate) fn y(&self) -> store::Z {}\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/app/c.rs"),
        "pub struct S {\n    pub info: store::BackupInfo,\n}\n#[cfg(test)]\nmod tests {\n    pub use crate::store::Store;\n}\n",
    )
    .unwrap();
    let hits = door_store_leaks(dir.path());
    assert_eq!(hits.len(), 3, "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("a.rs:1:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("b.rs:2:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("c.rs:2:")), "{hits:?}");
}

/// The modules of `src/app` (see [`module_uses`]).
fn app_module_uses(app: &Path) -> Vec<(String, Vec<String>)> {
    module_uses(app, "app")
}

/// The modules of the layer `src/{layer}` at `dir` (a file `x.rs` or a
/// folder `x/`), each with the sibling modules its files name by path
/// (`super::x`, `crate::{layer}::x`, `use super::{x::…}`), its unit tests
/// (`#[cfg(test)] mod tests`, a `tests.rs` file or folder) left out.
/// `mod.rs`, the hub that declares them, is left out too.
fn module_uses(app: &Path, layer: &str) -> Vec<(String, Vec<String>)> {
    let root = format!("crate::{layer}::");
    // The module above the folder (`tui` for `tui::model`; the crate for
    // a layer): what `super::super::` names from a file in the folder.
    let parent = match layer.rsplit_once("::") {
        Some((p, _)) => format!("crate::{p}::"),
        None => "crate::".to_string(),
    };
    let mut files = Vec::new();
    rust_files(app, &mut files);
    let stem = |p: &Path| p.file_stem().unwrap().to_string_lossy().into_owned();
    let mut modules: Vec<String> = std::fs::read_dir(app)
        .unwrap()
        .map(|e| stem(&e.unwrap().path()))
        .filter(|m| m != "mod")
        .collect();
    modules.sort();
    modules.dedup();
    let mut uses: Vec<(String, Vec<String>)> =
        modules.iter().map(|m| (m.clone(), Vec::new())).collect();
    let hub = hub_reexports(app);
    for f in &files {
        let rel = f.strip_prefix(app).unwrap();
        let mut parts = rel.components();
        let top = parts.next().unwrap().as_os_str().to_string_lossy();
        let top = top.trim_end_matches(".rs").to_string();
        if top == "mod" {
            continue;
        }
        if rel
            .components()
            .skip(1)
            .any(|c| c.as_os_str() == "tests" || c.as_os_str() == "tests.rs")
        {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let text = match text.find("#[cfg(test)]\nmod tests") {
            Some(i) => text[..i].to_string(),
            None => text,
        };
        // Comment lines name no module (a doc may say `update` or link
        // `super::Command`).
        let text: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| [l, "\n"])
            .collect();
        // Every path into the layer, written from the crate root.
        let text = if rel.components().count() > 1 {
            text.replace("super::super::super::", &parent)
                .replace("super::super::", &root)
                .replace("super::", &format!("{root}{top}::"))
        } else {
            text.replace("super::super::", &parent)
                .replace("super::", &root)
        };
        let mut named = Vec::new();
        for (i, _) in text.match_indices(&root) {
            let rest = &text[i + root.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                // The first path segment of each item of a `{…}` group.
                let mut depth = 0;
                let mut item_start = true;
                let mut word = String::new();
                for ch in group.chars() {
                    if ch.is_alphanumeric() || ch == '_' {
                        if item_start {
                            word.push(ch);
                        }
                        continue;
                    }
                    if !word.is_empty() {
                        named.push(std::mem::take(&mut word));
                        item_start = false;
                    }
                    match ch {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => item_start = true,
                        _ => {}
                    }
                }
                if !word.is_empty() {
                    named.push(word);
                }
            } else {
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                named.push(word);
            }
        }
        // Names the hub re-exports (`pub use x::*;`) are the files'
        // that define them: `use super::{Command, Form}` imports
        // `command` and `form`, and a file that imports the hub whole
        // (`use super::*;`) imports every file whose items it names.
        let named = named.into_iter().flat_map(|n| {
            let from: Vec<String> = hub
                .iter()
                .filter(|(item, _)| *item == n)
                .map(|(_, m)| m.clone())
                .collect();
            if from.is_empty() {
                vec![n]
            } else {
                from
            }
        });
        let mut named: Vec<String> = named.collect();
        if rel.components().count() == 1 && text.contains(&format!("{root}*;")) {
            for (item, m) in &hub {
                if names_item(&text, item) {
                    named.push(m.clone());
                }
            }
        }
        let entry = uses.iter_mut().find(|(m, _)| *m == top).unwrap();
        for n in named {
            if n != top && modules.contains(&n) && !entry.1.contains(&n) {
                entry.1.push(n);
            }
        }
    }
    uses
}

/// The items the hub of the folder `dir` (its `mod.rs`, or the file
/// beside it: `tui/model.rs` for `tui/model/`) re-exports whole from its
/// files (`pub use x::*;`: the top level `pub`, `pub(crate)`,
/// `pub(super)` … fns, types, traits and consts of `x.rs`; `pub use
/// x::item;`: that one), each with the file that defines it.
fn hub_reexports(dir: &Path) -> Vec<(String, String)> {
    let hub = std::fs::read_to_string(dir.join("mod.rs"))
        .or_else(|_| std::fs::read_to_string(dir.with_extension("rs")))
        .unwrap_or_default();
    let mut out = Vec::new();
    for line in hub.lines() {
        let Some(path) = line
            .trim()
            .strip_prefix("pub use ")
            .and_then(|r| r.strip_suffix(';'))
        else {
            continue;
        };
        let ident = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
        let Some((m, what)) = path.split_once("::").filter(|(m, _)| ident(m)) else {
            continue;
        };
        // One item (`pub use execute::execute;`), or all of them.
        if ident(what) {
            out.push((what.to_string(), m.to_string()));
            continue;
        }
        if what != "*" {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(format!("{m}.rs")))
            .or_else(|_| std::fs::read_to_string(dir.join(m).join("mod.rs")))
            .unwrap_or_default();
        for l in text.lines() {
            let Some(rest) = l.strip_prefix("pub") else {
                continue;
            };
            let rest = match rest.strip_prefix('(') {
                Some(r) => r.split_once(')').map_or("", |(_, r)| r),
                None => rest,
            };
            let mut words = rest.split_whitespace();
            let kind = words.next().unwrap_or("");
            if !["fn", "struct", "enum", "type", "trait", "const", "static"].contains(&kind) {
                continue;
            }
            let name: String = words
                .next()
                .unwrap_or("")
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push((name, m.to_string()));
            }
        }
    }
    out
}

/// Whether `text` names `item` as a path of its own: not a method
/// (`.item(`), not a path into something else (`x::item`), not a
/// definition (`fn item`), not part of a longer name.
fn names_item(text: &str, item: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(item).any(|(i, _)| {
        let before = &text[..i];
        let after = &text[i + item.len()..];
        !before.ends_with(word)
            && !before.ends_with('.')
            && !before.ends_with("::")
            && !before.ends_with("fn ")
            && !after.starts_with(word)
    })
}

/// A cycle among the modules, as `a -> b -> a`, if there is one.
fn find_cycle(uses: &[(String, Vec<String>)]) -> Option<String> {
    fn visit(
        m: &str,
        uses: &[(String, Vec<String>)],
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<String> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut cycle = path[i..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle.join(" -> "));
        }
        if done.iter().any(|d| d == m) {
            return None;
        }
        path.push(m.to_string());
        let next = uses.iter().find(|(n, _)| n == m).map(|(_, v)| v.clone());
        for n in next.unwrap_or_default() {
            if let Some(c) = visit(&n, uses, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.push(m.to_string());
        None
    }
    let mut done = Vec::new();
    uses.iter()
        .find_map(|(m, _)| visit(m, uses, &mut Vec::new(), &mut done))
}

#[test]
fn app_modules_do_not_import_each_other_in_a_cycle() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let uses = app_module_uses(&app);
    assert!(uses.len() > 10, "the app modules were found: {uses:?}");
    // The check sees the known one-way uses.
    let of = |m: &str| &uses.iter().find(|(n, _)| n == m).unwrap().1;
    assert!(of("records").contains(&"input".to_string()), "{uses:?}");
    assert!(of("knockout").contains(&"results".to_string()), "{uses:?}");
    assert_eq!(find_cycle(&uses), None, "{uses:?}");
}

/// Every layer but the TUI: its modules use each other one way only. (The
/// TUI's pages and model still name each other: the page
/// components are not built yet.)
#[test]
fn no_layer_has_an_import_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut layers = 0;
    for e in std::fs::read_dir(&src).unwrap() {
        let dir = e.unwrap().path();
        let layer = dir.file_name().unwrap().to_string_lossy().into_owned();
        if !dir.is_dir() {
            continue;
        }
        layers += 1;
        let uses = module_uses(&dir, &layer);
        assert_eq!(find_cycle(&uses), None, "src/{layer}: {uses:?}");
    }
    assert!(layers >= 13, "{layers} layers");
}

/// The folders inside the layers (a module split into files, as
/// src/tui/model), each with its path from the crate (`tui::model`).
fn inner_folders(src: &Path) -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, path: &str, out: &mut Vec<(PathBuf, String)>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                let inner = format!("{path}::{name}");
                walk(&p, &inner, out);
                out.push((p, inner));
            }
        }
    }
    let mut out = Vec::new();
    for e in std::fs::read_dir(src).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            let layer = p.file_name().unwrap().to_string_lossy().into_owned();
            walk(&p, &layer, &mut out);
        }
    }
    out
}

/// Inside a layer's folder too (the TUI's model: boards, effects,
/// printing, the worker), files use each other one way only.
#[test]
fn no_folder_inside_a_layer_has_an_import_cycle_between_its_files() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let folders = inner_folders(&src);
    assert!(
        folders.iter().any(|(_, m)| m == "tui::model"),
        "{folders:?}"
    );
    for (dir, path) in &folders {
        let uses = module_uses(dir, path);
        assert_eq!(find_cycle(&uses), None, "src/{path}: {uses:?}");
    }
    // The model's files are seen: effects runs the boards' swaps.
    let model = src.join("tui/model");
    let uses = module_uses(&model, "tui::model");
    let of = |m: &str| &uses.iter().find(|(n, _)| n == m).unwrap().1;
    assert!(of("effects").contains(&"boards".to_string()), "{uses:?}");
}

#[test]
fn the_cycle_check_sees_a_cycle_between_files_of_an_inner_folder() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("tui/model");
    std::fs::create_dir_all(&model).unwrap();
    std::fs::write(model.join("a.rs"), "use super::b::Outcome;\n").unwrap();
    // `super::super::view` is the TUI's view, not the folder's view.rs.
    std::fs::write(
        model.join("b.rs"),
        "use super::super::view::x;\nfn f() { super::a::run(); }\n",
    )
    .unwrap();
    std::fs::write(
        model.join("view.rs"),
        "fn g() { crate::tui::model::a::h(); }\n",
    )
    .unwrap();
    let uses = module_uses(&model, "tui::model");
    assert_eq!(
        uses,
        [
            ("a".to_string(), vec!["b".to_string()]),
            ("b".to_string(), vec!["a".to_string()]),
            ("view".to_string(), vec!["a".to_string()]),
        ]
    );
    assert_eq!(find_cycle(&uses).as_deref(), Some("a -> b -> a"));
    let folders = inner_folders(dir.path());
    assert_eq!(folders, [(model.clone(), "tui::model".to_string())]);
}

/// A cycle that goes through the names the folder's hub re-exports
/// (`pub use a::*;` in `tui/model.rs`) is seen too: `b` names `A` through
/// the hub, or imports the hub whole and calls `a_fn`.
#[test]
fn the_cycle_check_sees_a_cycle_through_the_hubs_reexports() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("tui/model");
    std::fs::create_dir_all(&model).unwrap();
    std::fs::write(
        dir.path().join("tui/model.rs"),
        "mod a;\nmod b;\nmod c;\npub use a::*;\n",
    )
    .unwrap();
    std::fs::write(
        model.join("a.rs"),
        "pub struct A;\npub(super) fn a_fn() {}\nfn f() { super::b::g(); }\n",
    )
    .unwrap();
    std::fs::write(
        model.join("b.rs"),
        "use super::{A, Model};\npub fn g() {}\n",
    )
    .unwrap();
    // A method of the same name, a longer name and a path into another
    // module are not the item.
    std::fs::write(
        model.join("c.rs"),
        "use super::*;\nfn h(x: X) { x.a_fn(); other::A; AB; super::b::g(); }\n",
    )
    .unwrap();
    let uses = module_uses(&model, "tui::model");
    assert_eq!(
        uses,
        [
            ("a".to_string(), vec!["b".to_string()]),
            ("b".to_string(), vec!["a".to_string()]),
            ("c".to_string(), vec!["b".to_string()]),
        ]
    );
    assert_eq!(find_cycle(&uses).as_deref(), Some("a -> b -> a"));
    std::fs::write(model.join("c.rs"), "use super::*;\nfn h() { a_fn(); }\n").unwrap();
    let uses = module_uses(&model, "tui::model");
    assert_eq!(uses[2], ("c".to_string(), vec!["a".to_string()]));
}

/// The TUI's components (pages, pop-ups, the Teams and Bracket tabs)
/// never import the model: they answer an action with a `Reply` and draw
/// from their own state; only the view draws the model.
#[test]
fn the_tuis_components_do_not_import_the_model() {
    let tui = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui");
    let uses = module_uses(&tui, "tui");
    assert!(uses.len() >= 15, "{uses:?}");
    for (module, deps) in &uses {
        if module != "model" && module != "view" {
            assert!(
                !deps.iter().any(|d| d == "model" || d == "view"),
                "src/tui/{module} imports {deps:?}"
            );
        }
    }
}

#[test]
fn the_cycle_check_sees_a_cycle_through_a_folder_module() {
    let dir = tempfile::tempdir().unwrap();
    let app = dir.path().join("app");
    std::fs::create_dir_all(app.join("b")).unwrap();
    std::fs::write(app.join("mod.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    std::fs::write(app.join("a.rs"), "use super::{invalid, b::Thing};\n").unwrap();
    std::fs::write(app.join("b.rs"), "mod inner;\n").unwrap();
    std::fs::write(
        app.join("b/inner.rs"),
        "use super::super::c::f;\nfn g() { crate::history::x(); }\n",
    )
    .unwrap();
    std::fs::write(app.join("c.rs"), "fn h() { crate::app::a::k(); }\n").unwrap();
    let uses = app_module_uses(&app);
    assert_eq!(
        uses,
        [
            ("a".to_string(), vec!["b".to_string()]),
            ("b".to_string(), vec!["c".to_string()]),
            ("c".to_string(), vec!["a".to_string()]),
        ]
    );
    assert_eq!(find_cycle(&uses).as_deref(), Some("a -> b -> c -> a"));
    std::fs::write(app.join("c.rs"), "fn h() {}\n").unwrap();
    assert_eq!(find_cycle(&app_module_uses(&app)), None);
    // A module's unit tests in its folder's `tests.rs` are left out, as
    // its inline `mod tests` is.
    std::fs::create_dir_all(app.join("c")).unwrap();
    std::fs::write(app.join("c.rs"), "#[cfg(test)]\nmod tests;\n").unwrap();
    std::fs::write(app.join("c/tests.rs"), "use crate::app::a::k;\n").unwrap();
    assert_eq!(find_cycle(&app_module_uses(&app)), None);
    std::fs::write(app.join("c/other.rs"), "use crate::app::a::k;\n").unwrap();
    assert_eq!(
        find_cycle(&app_module_uses(&app)).as_deref(),
        Some("a -> b -> c -> a")
    );
}

/// Every line the CLI prints goes through the one terminal sanitiser
/// (`say!`, `note!` and their `_raw` forms, `cli::output::emit`): no
/// `println!` or `eprintln!` in `src/cli` (a name's escape
/// sequences reached the terminal through the lines written directly).
#[test]
fn the_cli_prints_only_through_the_terminal_sanitiser() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/cli"), &mut files);
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for m in ["println!", "print!(", "eprint!("] {
                let direct = code.match_indices(m).any(|(at, _)| {
                    // `say!` etc. are fine; `println!`/`eprintln!` are not
                    !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                        || code[..at].ends_with('e')
                });
                if direct {
                    hits.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        hits.is_empty(),
        "print through say!/note!:\n{}",
        hits.join("\n")
    );
}

/// Comments that name a tracker's work item (the word and a number) instead of the
/// code: `file:line` of each, in the Rust files under `dirs` of `root`.
fn work_item_comments(root: &Path, dirs: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    for d in dirs {
        let dir = root.join(d);
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        }
    }
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let Some(at) = line.find("//") else { continue };
            let comment = line[at..].to_lowercase();
            let named = ["issue ", "issues "].iter().any(|word| {
                comment.match_indices(word).any(|(j, m)| {
                    comment[j + m.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_digit())
                })
            });
            if named {
                hits.push(format!("{}:{}", f.display(), i + 1));
            }
        }
    }
    hits
}

#[test]
fn comments_speak_of_the_code_not_of_the_tracker() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hits = work_item_comments(root, &["src", "tests", "benches", "examples"]);
    assert!(hits.is_empty(), "comments naming an issue: {hits:#?}");
}

#[test]
fn the_comment_check_sees_an_issue_number() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("src/a.rs"),
        format!(
            "// the issue is the order\nfn a() {{}} // see {} 7\n// {} 8 and 9: more\n",
            "Issue", "Issues"
        ),
    )
    .unwrap();
    let hits = work_item_comments(dir.path(), &["src"]);
    assert_eq!(hits.len(), 2, "{hits:?}");
    assert!(hits[0].ends_with("a.rs:2"), "{hits:?}");
    assert!(hits[1].ends_with("a.rs:3"), "{hits:?}");
}

/// What each layer under the app may import (ARCHITECTURE.md's table of
/// layers): the pure cores, the store, config and the file edge. A layer
/// not named in its row is not imported, so none of these can form a cycle
/// (formats never imports pairing, which reads TRF files through it).
const LAYERS: &[(&str, &[&str])] = &[
    ("i18n", &[]),
    ("files", &["i18n"]),
    ("domain", &["i18n"]),
    ("history", &["domain"]),
    ("formats", &["domain", "i18n"]),
    ("xiangqi", &["domain", "formats", "i18n"]),
    ("scoring", &["domain", "formats", "i18n"]),
    ("pairing", &["domain", "scoring", "formats", "i18n"]),
    ("report", &["domain", "scoring", "i18n"]),
    (
        "config",
        &[
            "domain", "history", "xiangqi", "scoring", "pairing", "files", "i18n",
        ],
    ),
    ("store", &["domain", "history", "i18n"]),
];

/// The layers that the code of `src/{layer}` under `root` names
/// (`crate::x`, `crate::{x::…, y}`), as `layer: file` for each layer it
/// may not import by [`LAYERS`]. Unit tests (`#[cfg(test)] mod tests`, a
/// `tests.rs` file or folder) are left out.
fn layer_breaches(root: &Path) -> Vec<String> {
    let layers: Vec<&str> = LAYERS.iter().map(|(l, _)| *l).collect();
    let all = [&layers[..], &["app", "cli", "tui"]].concat();
    let mut hits = Vec::new();
    for (layer, allowed) in LAYERS {
        let dir = root.join("src").join(layer);
        if !dir.is_dir() {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        for f in files {
            let rel = f.strip_prefix(&dir).unwrap();
            if rel
                .components()
                .any(|c| c.as_os_str() == "tests" || c.as_os_str() == "tests.rs")
            {
                continue;
            }
            let text = std::fs::read_to_string(&f).unwrap();
            let text = [
                "#[cfg(test)]\nmod tests",
                "#[cfg(test)]\npub(crate) mod tests",
            ]
            .iter()
            .filter_map(|m| text.find(m))
            .min()
            .map_or(text.as_str(), |i| &text[..i]);
            let mut named = Vec::new();
            for (i, _) in text.match_indices("crate::") {
                if text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = &text[i + "crate::".len()..];
                if let Some(group) = rest.strip_prefix('{') {
                    let group = &group[..group.find('}').unwrap_or(group.len())];
                    for item in group.split(',') {
                        let word: String = item
                            .trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        named.push(word);
                    }
                } else {
                    named.push(
                        rest.chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect(),
                    );
                }
            }
            for n in named {
                if n != *layer && all.contains(&n.as_str()) && !allowed.contains(&n.as_str()) {
                    let hit = format!("{n}: {}", f.display());
                    if !hits.contains(&hit) {
                        hits.push(hit);
                    }
                }
            }
        }
    }
    hits
}

#[test]
fn each_layer_imports_only_what_its_row_allows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (layer, _) in LAYERS {
        assert!(root.join("src").join(layer).is_dir(), "src/{layer}");
    }
    let hits = layer_breaches(root);
    assert!(
        hits.is_empty(),
        "imports the layer table does not allow: {hits:#?}"
    );
}

#[test]
fn the_layer_check_sees_formats_import_pairing() {
    let dir = tempfile::tempdir().unwrap();
    let formats = dir.path().join("src/formats");
    std::fs::create_dir_all(formats.join("trf")).unwrap();
    std::fs::write(
        formats.join("trf.rs"),
        "use crate::domain::Points;\nmod state;\n#[cfg(test)]\nmod tests {\n    use crate::app::App;\n}\n",
    )
    .unwrap();
    std::fs::write(formats.join("trf/tests.rs"), "use crate::pairing::pair;\n").unwrap();
    assert_eq!(layer_breaches(dir.path()), Vec::<String>::new());
    std::fs::write(
        formats.join("trf/state.rs"),
        "use crate::{i18n::msg, pairing::{SwissState, RoundKind}};\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/formats/csv.rs"),
        "fn f() { let _ = crate::scoring::x(); let _ = qishe_crate::store::y(); }\n",
    )
    .unwrap();
    let mut hits = layer_breaches(dir.path());
    hits.sort();
    assert_eq!(hits.len(), 2, "{hits:?}");
    assert!(
        hits[0].starts_with("pairing: ") && hits[0].ends_with("state.rs"),
        "{hits:?}"
    );
    assert!(
        hits[1].starts_with("scoring: ") && hits[1].ends_with("csv.rs"),
        "{hits:?}"
    );
}

/// `src` with its comments, strings and character literals blanked out
/// (line breaks kept), so braces and `fn` in them do not count.
fn code_only(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < c.len() {
        let rest = &c[i..];
        let starts = |p: &str| p.chars().enumerate().all(|(k, x)| rest.get(k) == Some(&x));
        let after_ident = i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
        let len = if starts("//") {
            rest.iter().position(|&x| x == '\n').unwrap_or(rest.len())
        } else if starts("/*") {
            let (mut depth, mut k) = (0, 0);
            while k < rest.len() {
                if rest[k..].starts_with(&['/', '*']) {
                    depth += 1;
                    k += 2;
                } else if rest[k..].starts_with(&['*', '/']) {
                    depth -= 1;
                    k += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    k += 1;
                }
            }
            k
        } else if !after_ident && raw_string_start(rest).is_some() {
            let (open, hashes) = raw_string_start(rest).unwrap();
            let mut k = open;
            while k < rest.len()
                && !(rest[k] == '"' && (1..=hashes).all(|h| rest.get(k + h) == Some(&'#')))
            {
                k += 1;
            }
            (k + 1 + hashes).min(rest.len())
        } else if c[i] == '"' {
            let mut k = 1;
            while k < rest.len() && rest[k] != '"' {
                k += if rest[k] == '\\' { 2 } else { 1 };
            }
            (k + 1).min(rest.len())
        } else if c[i] == '\'' && rest.get(1) == Some(&'\\') {
            // '\n', '\'', '\\', '\u{…}'
            3 + rest[3..].iter().position(|&x| x == '\'').unwrap_or(0) + 1
        } else if c[i] == '\'' && rest.get(2) == Some(&'\'') {
            3
        } else {
            0 // code, or a lifetime
        };
        if len == 0 {
            out.push(c[i]);
            i += 1;
        } else {
            for x in &rest[..len] {
                out.push(if *x == '\n' { '\n' } else { ' ' });
            }
            i += len;
        }
    }
    out
}

/// `r"`, `r#"`, `br##"` …: where the text starts and the number of `#`.
fn raw_string_start(rest: &[char]) -> Option<(usize, usize)> {
    let mut k = usize::from(rest.first() == Some(&'b'));
    if rest.get(k) != Some(&'r') {
        return None;
    }
    k += 1;
    let hashes = rest[k..].iter().take_while(|&&x| x == '#').count();
    (rest.get(k + hashes) == Some(&'"')).then_some((k + hashes + 1, hashes))
}

/// Every `fn` with a body in `src`: its name, the line of `fn` and its
/// length in lines, from `fn` to the brace that closes its body.
fn fn_lengths(src: &str) -> Vec<(String, usize, usize)> {
    let code = code_only(src);
    let b = code.as_bytes();
    let is_ident = |x: u8| x.is_ascii_alphanumeric() || x == b'_';
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn") {
        if at > 0 && is_ident(b[at - 1]) {
            continue;
        }
        let mut k = at + 2;
        let spaces = b[k..]
            .iter()
            .take_while(|x| x.is_ascii_whitespace())
            .count();
        k += spaces;
        let name_len = b[k..].iter().take_while(|&&x| is_ident(x)).count();
        if spaces == 0 || name_len == 0 || b[k].is_ascii_digit() {
            continue; // `fn(u8)` as a type, `fnord`
        }
        let name = code[k..k + name_len].to_string();
        k += name_len;
        while k < b.len() && b[k] != b'{' && b[k] != b';' {
            k += 1;
        }
        if k == b.len() || b[k] == b';' {
            continue; // a declaration without a body
        }
        let mut depth = 0;
        while k < b.len() {
            match b[k] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        let first = line_of(at);
        out.push((name, first, line_of(k.min(b.len())) - first + 1));
    }
    out
}

/// The longest a function in `src/tui` may be: split a longer one by page
/// and component.
const TUI_FN_LINES: usize = 150;

/// The functions under `dir` longer than `limit` lines: `file:line name (n lines)`.
fn long_fns(dir: &Path, limit: usize) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (name, line, n) in fn_lengths(&text) {
            if n > limit {
                hits.push(format!("{}:{line} {name} ({n} lines)", f.display()));
            }
        }
    }
    hits
}

#[test]
fn no_function_in_the_tui_is_over_150_lines() {
    let tui = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui");
    let mut all = Vec::new();
    rust_files(&tui, &mut all);
    assert!(all.len() > 20, "the TUI's files were found");
    let hits = long_fns(&tui, TUI_FN_LINES);
    assert!(
        hits.is_empty(),
        "functions in src/tui over {TUI_FN_LINES} lines (split them by page and component):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_length_check_counts_a_functions_lines() {
    let src = r####"
/// A comment with fn fake() { and a brace {
fn short(a: &'static str) -> char {
    let s = "a } brace in a string \" and fn inner() {";
    let r = r#"raw } "still" raw {"#;
    let c = '}';
    let d = '\'';
    let e = b'{';
    /* a block /* nested { */ comment } */
    'outer: loop { break 'outer; }
    c
}

trait T {
    fn declared(&self);
    fn with_body(&self) -> fn(u8) -> u8 where Self: Sized {
        fn nested() {}
        |x| x
    }
}
"####;
    let got = fn_lengths(src);
    let by_name = |n: &str| got.iter().find(|x| x.0 == n).map(|x| (x.1, x.2));
    assert_eq!(by_name("short"), Some((3, 10)), "{got:?}");
    assert_eq!(by_name("with_body"), Some((16, 4)), "{got:?}");
    assert_eq!(by_name("nested"), Some((17, 1)), "{got:?}");
    assert_eq!(by_name("declared"), None, "{got:?}");
    assert_eq!(by_name("fake"), None, "{got:?}");
    assert_eq!(by_name("inner"), None, "{got:?}");
    assert_eq!(got.len(), 3, "{got:?}");
    let dir = tempfile::tempdir().unwrap();
    let body = "    let x = 1;\n".repeat(148);
    std::fs::write(
        dir.path().join("a.rs"),
        format!("fn ok() {{\n{body}}}\nfn long() {{\n{body}    x;\n}}\n"),
    )
    .unwrap();
    let hits = long_fns(dir.path(), TUI_FN_LINES);
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].ends_with("a.rs:151 long (151 lines)"), "{hits:?}");
}

/// Lines under `root/src`, outside the translation layer (`src/i18n`),
/// that fill a text's `{placeholder}` by hand instead of through a keyed
/// message (`msg!`, `Msg::with`): `file:line: text`.
fn hand_made_templating(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let i18n = root.join("src/i18n");
    let mut hits = Vec::new();
    for f in files.iter().filter(|f| !f.starts_with(&i18n)) {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains(".replace(\"{") {
                hits.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    hits
}

#[test]
fn texts_are_filled_only_through_keyed_messages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hits = hand_made_templating(root);
    assert!(
        hits.is_empty(),
        "fill a text's placeholders with msg! (one renderer for every language):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_templating_check_sees_a_hand_made_fill() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["src/i18n", "src/report/deep"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    std::fs::write(
        dir.path().join("src/report/deep/x.rs"),
        "fn f(l: Lang) -> String {\n    tr(l, \"rep.round_n\").replace(\"{n}\", \"3\")\n}\n",
    )
    .unwrap();
    // The translation layer itself may, and other replaces are no templates.
    std::fs::write(
        dir.path().join("src/i18n/y.rs"),
        "fn g(t: &str) -> String {\n    t.replace(\"{n}\", \"3\")\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/report/z.rs"),
        "fn h(t: &str) -> String {\n    t.replace(\"\\n\", \" \")\n}\n",
    )
    .unwrap();
    let hits = hand_made_templating(dir.path());
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].contains("x.rs:2:"), "{hits:?}");
}

/// Lines under `root/src`, outside the translation layer and the store,
/// that name `log.text`: the one message that shows a text as it is, in
/// every language, kept for action-log rows written before summaries were
/// keyed (`store/log.rs`). Anywhere else it would carry English (or any
/// text) past the translation tables: `file:line: text`.
fn untranslated_texts(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let (i18n, store) = (root.join("src/i18n"), root.join("src/store"));
    let mut hits = Vec::new();
    for f in files
        .iter()
        .filter(|f| !f.starts_with(&i18n) && !f.starts_with(&store))
    {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains("\"log.text\"") {
                hits.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    hits
}

#[test]
fn no_text_passes_the_translation_tables_as_it_is() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hits = untranslated_texts(root);
    assert!(
        hits.is_empty(),
        "say it with a keyed message of its own (log.text is for old log rows):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_untranslated_text_check_sees_a_plain_text_message() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["src/store", "src/app"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    std::fs::write(
        dir.path().join("src/app/x.rs"),
        "fn f(p: String) -> Msg {\n    msg!(\"log.text\", text = p)\n}\n",
    )
    .unwrap();
    // The store keeps it for old rows.
    std::fs::write(
        dir.path().join("src/store/log.rs"),
        "fn g(t: &str) -> Msg {\n    msg!(\"log.text\", text = t)\n}\n",
    )
    .unwrap();
    let hits = untranslated_texts(dir.path());
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].contains("x.rs:2:"), "{hits:?}");
}

/// Lines of `root/src/cli` whose function gives its reason as text
/// (`Result<_, String>`): a value parser's reason is a keyed
/// `cli::parse_error::ValueError`, said in the reader's language.
fn cli_text_reasons(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src/cli"), &mut files);
    let mut hits = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let l = line.trim();
            if l.contains("-> Result<") && l.contains(", String>") {
                hits.push(format!("{}:{}: {}", f.display(), i + 1, l));
            }
        }
    }
    hits
}

#[test]
fn the_clis_value_parsers_give_keyed_reasons() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hits = cli_text_reasons(root);
    assert!(
        hits.is_empty(),
        "give the reason as a keyed ValueError (cli/parse_error.rs):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_cli_reason_check_sees_a_text_reason() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src/cli")).unwrap();
    std::fs::write(
        dir.path().join("src/cli/x.rs"),
        "fn sex(s: &str) -> Result<Sex, String> {\n    todo!()\n}\nfn ok(s: &str) -> Result<Sex, ValueError> {\n    todo!()\n}\n",
    )
    .unwrap();
    let hits = cli_text_reasons(dir.path());
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].contains("x.rs:1:"), "{hits:?}");
}

/// Where the project's random numbers are made: the one generator
/// (`domain/rng.rs`) that knockout lots, cxa's random round 1 and the
/// generated clubs share, and the Dutch simulator's own, which its pinned
/// benchmark rounds were made with. Files under `root/src` that make
/// another (`fn next_u64`), as paths relative to `src`.
fn random_generators(root: &Path) -> Vec<String> {
    const ALLOWED: &[&str] = &["domain/rng.rs", "pairing/dutch/simulate.rs"];
    let src = root.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut hits = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap();
        if text.contains("fn next_u64") && !ALLOWED.contains(&rel.as_str()) {
            hits.push(rel);
        }
    }
    hits
}

#[test]
fn the_random_numbers_come_from_the_domains_one_generator() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hits = random_generators(root);
    assert!(
        hits.is_empty(),
        "draw from domain::Rng (domain/rng.rs), the one generator: {hits:?}"
    );
}

#[test]
fn the_generator_check_sees_a_second_generator() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["src/domain", "src/history"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    let gen = "pub struct R(u64);\nimpl R {\n    pub fn next_u64(&mut self) -> u64 {\n        self.0\n    }\n}\n";
    std::fs::write(dir.path().join("src/domain/rng.rs"), gen).unwrap();
    std::fs::write(dir.path().join("src/history/lots.rs"), gen).unwrap();
    assert_eq!(random_generators(dir.path()), vec!["history/lots.rs"]);
}

/// Lines outside test modules that make a `TieBreakList` other than where
/// the codes are known good: `checked` only by the scoring layer's reader
/// (`src/scoring/tiebreaks.rs`), `from_column` only by the store.
fn unchecked_tiebreak_lists(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut hits = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rel == "src/domain/tiebreak_list.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in code.lines().enumerate() {
            let checked =
                line.contains("TieBreakList::checked(") && rel != "src/scoring/tiebreaks.rs";
            let column =
                line.contains("TieBreakList::from_column(") && !rel.starts_with("src/store/");
            if checked || column {
                hits.push(format!("{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    hits
}

#[test]
fn a_tiebreak_list_is_made_only_by_the_scoring_reader_or_the_store() {
    let hits = unchecked_tiebreak_lists(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        hits.is_empty(),
        "make tie-break lists through scoring::TieBreaks (parse, then list):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_tiebreak_list_check_sees_a_list_made_elsewhere() {
    let root = std::env::temp_dir().join(format!("qishe-arch-tb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("src/app")).unwrap();
    std::fs::create_dir_all(root.join("src/store")).unwrap();
    std::fs::write(
        root.join("src/app/x.rs"),
        "fn f() { let l = TieBreakList::from_column(k, \"wins\"); }\n#[cfg(test)]\nmod tests { fn g() { TieBreakList::from_column(k, \"x\"); } }\n",
    )
    .unwrap();
    std::fs::write(
        root.join("src/store/y.rs"),
        "fn f() { TieBreakList::from_column(k, t); TieBreakList::checked(k, &c); }\n",
    )
    .unwrap();
    let hits = unchecked_tiebreak_lists(&root);
    let _ = std::fs::remove_dir_all(&root);
    assert_eq!(hits.len(), 2, "{hits:?}");
    assert!(
        hits[0].starts_with("src/app/x.rs:1:") || hits[1].starts_with("src/app/x.rs:1:"),
        "{hits:?}"
    );
    assert!(
        hits.iter()
            .any(|h| h.starts_with("src/store/y.rs:1:") && h.contains("checked")),
        "{hits:?}"
    );
}

/// The most lines a source file may have; split a longer one by subject.
const FILE_LINES: usize = 800;

/// The files allowed to be longer: the matcher, one algorithm read best
/// whole, and the translation tables.
const LONG_FILES: &[&str] = &["src/pairing/matching/mod.rs", "src/i18n/"];

/// The files under `root/src` longer than [`FILE_LINES`] lines, but those
/// [`LONG_FILES`] names (a file, or every file of a folder ending in `/`):
/// `path (n lines)`.
fn long_files(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut hits = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let allowed = LONG_FILES.iter().any(|a| match a.ends_with('/') {
            true => rel.starts_with(a),
            false => rel == *a,
        });
        let n = std::fs::read_to_string(&f).unwrap().lines().count();
        if n > FILE_LINES && !allowed {
            hits.push(format!("{rel} ({n} lines)"));
        }
    }
    hits
}

#[test]
fn no_source_file_is_over_800_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hits = long_files(root);
    assert!(
        hits.is_empty(),
        "files over {FILE_LINES} lines (split them by subject):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_file_length_check_sees_a_long_file_but_not_the_exceptions() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["src/pairing/matching", "src/i18n", "src/app/deep"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    let lines = |n: usize| "let x = 1;\n".repeat(n);
    let write = |p: &str, n: usize| std::fs::write(dir.path().join(p), lines(n)).unwrap();
    write("src/pairing/matching/mod.rs", 2000);
    write("src/i18n/tables.rs", 1500);
    write("src/app/ok.rs", 800);
    write("src/app/deep/long.rs", 801);
    write("src/pairing/matching/other.rs", 900);
    let hits = long_files(dir.path());
    assert_eq!(
        hits,
        vec![
            "src/app/deep/long.rs (801 lines)".to_string(),
            "src/pairing/matching/other.rs (900 lines)".to_string(),
        ]
    );
}

/// What a public method of `src/app` takes that a front end would have to
/// type as a name: `pub fn` parameters (unit tests aside) called `event`,
/// `who`, `member`, `player`, `entry`, `team`, `season`, `round` or
/// `board`, `winner`, or a list or source of them (`members`, `players`, `entries`,
/// `slots`, `schemes`, `seed_from`), whose type is text (`&str`, `String`,
/// `&[String]`, `(&str, u32)`, …). Each of those crosses the door as its
/// typed id, resolved at the edge (`App::find_event`, `find_member(s)`,
/// `find_team`, `find_roster`, `find_lineup`, `find_slots`, `find_seed`,
/// `find_schemes`, …: their parameter is `key` or `keys`).
fn door_name_params(root: &Path) -> Vec<String> {
    const NAMES: [&str; 16] = [
        "event",
        "winner",
        "who",
        "member",
        "player",
        "entry",
        "team",
        "season",
        "round",
        "board",
        "members",
        "players",
        "entries",
        "slots",
        "schemes",
        "seed_from",
    ];
    let mut files = Vec::new();
    rust_files(&root.join("src/app"), &mut files);
    let mut hits = Vec::new();
    for f in files {
        if f.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (at, _) in text.match_indices("pub fn ") {
            // The parameter list: from the first `(` to its closing `)`.
            let rest = &text[at..];
            let Some(open) = rest.find('(') else { continue };
            let mut depth = 0;
            let mut close = open;
            for (k, ch) in rest[open..].char_indices() {
                match ch {
                    '(' | '[' | '<' => depth += 1,
                    ')' | ']' | '>' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    close = open + k;
                    break;
                }
            }
            let params: String = rest[open + 1..close]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            // Split at the commas outside brackets (`Option<(&str, u32)>`).
            let mut parts = Vec::new();
            let (mut depth, mut start) = (0i32, 0);
            for (k, ch) in params.char_indices() {
                match ch {
                    '(' | '[' | '<' => depth += 1,
                    ')' | ']' | '>' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(params[start..k].trim());
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            parts.push(params[start..].trim());
            for p in parts {
                let Some((name, ty)) = p.split_once(": ") else {
                    continue;
                };
                let ty = ty.trim_end_matches(',').replace(' ', "");
                let text_ty = [
                    "&str",
                    "String",
                    "&String",
                    "&[String]",
                    "&[&str]",
                    "Vec<String>",
                    "Option<&str>",
                    "Option<String>",
                    "Option<(&str,u32)>",
                    "Option<(String,u32)>",
                ];
                if NAMES.contains(&name.trim()) && text_ty.contains(&ty.as_str()) {
                    let line = text[..at].matches('\n').count() + 1;
                    let head = rest.lines().next().unwrap_or("").trim();
                    hits.push(format!("{}:{line}: {head} ({p})", f.display()));
                }
            }
        }
    }
    hits
}

#[test]
fn the_door_takes_typed_ids_not_names() {
    let hits = door_name_params(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        hits.is_empty(),
        "an App method takes a typed id; the front end resolves the name (App::find_*):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_name_check_sees_a_door_that_takes_a_name() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src/app/deep")).unwrap();
    std::fs::write(
        dir.path().join("src/app/a.rs"),
        "impl App {\n    pub fn explain(&self, event: EventId, who: &str) -> R {}\n    pub fn find_member(&self, key: &str) -> R {}\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/app/deep/b.rs"),
        "impl App {\n    pub fn lineup(\n        &mut self,\n        event: EventId,\n        team: &str,\n        players: &[String],\n    ) -> R {}\n    pub fn add(&mut self, name: &str, member: Option<&str>) {}\n    pub fn place(&mut self, event: EventId, slots: &[Option<EntryId>]) {}\n    pub fn find_slots(&self, event: EventId, keys: &[String]) {}\n    pub fn seed(&mut self, seed_from: Option<(&str, u32)>, schemes: &[String]) {}\n}\n#[cfg(test)]\nmod tests {\n    pub fn t(who: &str) {}\n}\n",
    )
    .unwrap();
    let hits = door_name_params(dir.path());
    assert_eq!(hits.len(), 6, "{hits:?}");
    assert!(
        hits.iter()
            .any(|h| h.contains("b.rs:2:") && h.contains("players: &[String]")),
        "{hits:?}"
    );
    assert!(
        hits.iter()
            .any(|h| h.contains("b.rs:11:") && h.contains("seed_from: Option<(&str, u32)>")),
        "{hits:?}"
    );
    assert!(
        hits.iter()
            .any(|h| h.contains("b.rs:11:") && h.contains("schemes: &[String]")),
        "{hits:?}"
    );
    assert!(
        hits.iter()
            .any(|h| h.contains("a.rs:2:") && h.contains("who: &str")),
        "{hits:?}"
    );
    assert!(
        hits.iter()
            .any(|h| h.contains("b.rs:2:") && h.contains("team: &str")),
        "{hits:?}"
    );
    assert!(
        hits.iter()
            .any(|h| h.contains("b.rs:8:") && h.contains("member: Option<&str>")),
        "{hits:?}"
    );
}

/// Calls in the front ends of a door that serves one kind of event where
/// a door answers for every kind: the kind-specific creation methods
/// (`create_event_of` creates every kind) and the team or knockout
/// tables (`event_standings`, `event_crosstable`, `event_round`). The
/// demo club (`cli/demo.rs`) makes its individual events from fixed
/// settings, not from a secretary's draft, through `create_event`.
fn kind_specific_calls(root: &Path) -> Vec<String> {
    let everywhere = [
        ".create_team_event(",
        ".create_knockout(",
        ".create_event_with(",
        ".team_standings(",
        ".team_crosstable(",
        ".knockout_crosstable(",
        ".knockout_ranking(",
    ];
    let mut files = Vec::new();
    for d in ["src/cli", "src/tui", "src/serve"] {
        rust_files(&root.join(d), &mut files);
    }
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        let cli = f.components().any(|c| c.as_os_str() == "cli");
        let demo = cli && f.file_name().is_some_and(|n| n == "demo.rs");
        for (i, line) in code_only(text).lines().enumerate() {
            let mut calls: Vec<&str> = everywhere.to_vec();
            if !demo {
                calls.push(".create_event(");
            }
            // The CLI's `team round` is a team event's own command.
            if !cli {
                calls.push(".team_round_view(");
            }
            if let Some(c) = calls.iter().find(|c| line.contains(**c)) {
                hits.push(format!("{}:{}: {c}", f.display(), i + 1));
            }
        }
    }
    hits
}

#[test]
fn front_ends_go_through_the_doors_that_answer_for_every_kind() {
    let hits = kind_specific_calls(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        hits.is_empty(),
        "create through App::create_event_of, read tables through event_standings / \
         event_crosstable / event_round:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_kind_check_sees_a_front_end_that_picks_the_kinds_door() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["src/cli", "src/tui/teams", "src/serve"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    std::fs::write(
        dir.path().join("src/cli/event.rs"),
        "fn a() {\n    app.create_knockout(n, d, &s, &k, None)?;\n    app.create_event_of(n, d, &x)?;\n    app.team_round_view(e, r)?;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/cli/demo.rs"),
        "fn b() {\n    app.create_event(n, d, &s)?;\n    app.create_team_event(n, d, &s, &t)?;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/tui/teams/mod.rs"),
        "fn c() {\n    // app.team_standings(e, None)\n    app.team_round_view(e, r)?;\n    app.create_event(n, d, &s)?;\n}\n",
    )
    .unwrap();
    let hits = kind_specific_calls(dir.path());
    assert_eq!(hits.len(), 4, "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("event.rs:2:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("demo.rs:3:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("mod.rs:3:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("mod.rs:4:")), "{hits:?}");
}

/// `pub fn` lines of `src/app` (unit tests aside) that open one of the
/// kind-specific creation methods to the front ends: every kind is created
/// through `App::create_event_of` (tests and benchmarks with settings in
/// full through the testkit's `App::create_event_with`).
fn public_kind_creators(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src/app"), &mut files);
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in text.lines().enumerate() {
            let t = line.trim_start();
            for name in ["create_event", "create_team_event", "create_knockout"] {
                if t.starts_with(&format!("pub fn {name}(")) {
                    hits.push(format!("{}:{}: {t}", f.display(), i + 1));
                }
            }
        }
    }
    hits
}

#[test]
fn only_one_door_creates_events() {
    let hits = public_kind_creators(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        hits.is_empty(),
        "create events through App::create_event_of (the kind's own method is pub(crate)):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_creator_check_sees_a_public_kind_creator() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src/app")).unwrap();
    std::fs::write(
        dir.path().join("src/app/a.rs"),
        "impl App {\n    pub fn create_knockout(&mut self) {}\n    pub(crate) fn create_event(&mut self) {}\n    pub fn create_event_of(&mut self) {}\n}\n#[cfg(test)]\nmod tests {\n    pub fn create_team_event() {}\n}\n",
    )
    .unwrap();
    let hits = public_kind_creators(dir.path());
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].contains("a.rs:2:"), "{hits:?}");
}

/// Public lines of `src/app` (unit tests aside) whose error is text: a
/// `Result<_, String>` field or return, which would carry a hand-made
/// (English) reason past the door instead of a keyed message.
fn door_text_errors(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src/app"), &mut files);
    let mut hits = Vec::new();
    for f in files {
        if f.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in code_only(text).lines().enumerate() {
            let t = line.trim_start();
            let public = t.starts_with("pub ") && !t.starts_with("pub(");
            if public && t.contains("Result<") && t.replace(' ', "").contains(",String>") {
                hits.push(format!("{}:{}: {t}", f.display(), i + 1));
            }
        }
    }
    hits
}

#[test]
fn the_door_gives_reasons_as_keyed_messages() {
    let hits = door_text_errors(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        hits.is_empty(),
        "an App answer says why through a keyed message (i18n::Msg), not a String:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_reason_check_sees_a_text_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src/app")).unwrap();
    std::fs::write(
        dir.path().join("src/app/a.rs"),
        "pub struct C {\n    pub standings: std::result::Result<Standings, String>,\n    pub ok: Result<Standings, Msg>,\n}\nfn private() -> Result<(), String> {}\n#[cfg(test)]\nmod tests {\n    pub fn t() -> Result<(), String> {}\n}\n",
    )
    .unwrap();
    let hits = door_text_errors(dir.path());
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].contains("a.rs:2:"), "{hits:?}");
}

/// Calls in `src/tui` and `src/serve` (unit tests aside) of a resolver of
/// something they show and so hold as a typed id (an event, member, entry,
/// team, season, a roster's or a lineup's players): they pass the id, never
/// a name for the app to look up again. Resolvers of what the secretary
/// types into a form (`find_seed`, `find_reserve`, `find_roster`) are
/// theirs to call.
fn tui_name_lookups(root: &Path) -> Vec<String> {
    const HELD: [&str; 11] = [
        ".find_event(",
        ".find_member(",
        ".find_members(",
        ".find_entry(",
        ".find_team(",
        ".find_season(",
        ".find_season_player(",
        ".find_ranked_player(",
        ".find_roster_member(",
        ".find_lineup(",
        ".find_slots(",
    ];
    let mut files = Vec::new();
    for d in ["src/tui", "src/serve"] {
        rust_files(&root.join(d), &mut files);
    }
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in code_only(text).lines().enumerate() {
            if let Some(c) = HELD.iter().find(|c| line.contains(**c)) {
                hits.push(format!("{}:{}: {c}", f.display(), i + 1));
            }
        }
    }
    hits
}

#[test]
fn the_tui_passes_the_ids_it_holds() {
    let hits = tui_name_lookups(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        hits.is_empty(),
        "the TUI and the served pages hold typed ids; pass them instead of a name:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_lookup_check_sees_a_name_looked_up_again() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["src/tui/teams", "src/serve"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    std::fs::write(
        dir.path().join("src/tui/teams/mod.rs"),
        "fn a() {\n    let l = app.find_lineup(e, r, t, &names)?;\n    let p = app.find_reserve(typed, true)?;\n}\n#[cfg(test)]\nmod tests {\n    fn t() { app.find_event(\"E\"); }\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/serve/page.rs"),
        "fn b() {\n    // app.find_member(name)\n    let e = app.find_event(&name)?;\n}\n",
    )
    .unwrap();
    let hits = tui_name_lookups(dir.path());
    assert_eq!(hits.len(), 2, "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("mod.rs:2:")), "{hits:?}");
    assert!(hits.iter().any(|h| h.contains("page.rs:3:")), "{hits:?}");
}
