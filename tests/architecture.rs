//! The Architecture Invariants of docs/architecture.md that a reading of the
//! sources can check: which module may use which library, and who may print
//! or exit. Each check names the file that breaks it.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `src/` file (path relative to the crate, with `/`) and its code
/// without comment lines.
fn files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    sources(&root.join("src"), &mut paths);
    assert!(paths.len() > 40, "found only {} sources", paths.len());
    paths
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&p).unwrap();
            let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
            (rel, code.join("\n"))
        })
        .collect()
}

/// The files outside `allowed` (path prefixes) whose code contains one of `needles`.
fn offenders(needles: &[&str], allowed: &[&str]) -> Vec<String> {
    files()
        .into_iter()
        .filter(|(f, code)| !allowed.iter().any(|a| f.starts_with(a)) && needles.iter().any(|n| code.contains(n)))
        .map(|(f, _)| f)
        .collect()
}

/// The modules that may use the z3 crate: the backend (`smt/`), the Horn
/// clause and unrolling encodings (`chc/`), the checks of answers (`check/`),
/// and the two Z3 procedures with a single client, beside that client
/// (docs/architecture.md "Layers"). Domains, the program model, the CFG, the
/// frontend and every reader of answers never do.
const Z3_USERS: &[&str] = &[
    "src/smt/",
    "src/chc/",
    "src/check/",
    "src/post/predabs.rs",
    "src/engines/tracer/path.rs",
    "src/engines/maxsmt/condsafe.rs",
];

#[test]
fn only_the_solver_modules_use_z3() {
    let bad = offenders(&["use z3", "z3::", "z3_sys"], Z3_USERS);
    assert!(bad.is_empty(), "Z3 used outside {Z3_USERS:?}: {bad:?}");
}

#[test]
fn only_the_frontend_uses_llvm() {
    let bad = offenders(&["inkwell", "llvm_sys"], &["src/frontend/", "src/lib.rs"]);
    assert!(bad.is_empty(), "LLVM used outside src/frontend/: {bad:?}");
}

#[test]
fn only_the_option_modules_parse_command_lines() {
    let parsers = ["clap::Parser", "clap::Args", "clap::Subcommand", "derive(Parser", "derive(Args", "#[command("];
    let bad = offenders(&parsers, &["src/main.rs", "src/pipeline_options.rs", "src/engines/config.rs"]);
    assert!(bad.is_empty(), "command-line parsing outside the option modules: {bad:?}");
}

#[test]
fn only_main_exits() {
    let bad = offenders(&["process::exit"], &["src/main.rs"]);
    assert!(bad.is_empty(), "process::exit outside main.rs: {bad:?}");
}

#[test]
fn engines_and_the_solver_layer_never_print() {
    let prints = ["println!", "eprintln!", "print!(", "eprint!("];
    let bad: Vec<String> = offenders(&prints, &[])
        .into_iter()
        .filter(|f| {
            [
                "src/engines/",
                "src/smt/",
                "src/chc/",
                "src/cegar/",
                "src/check/",
                "src/answer.rs",
                "src/cfg/",
                "src/ir/",
                "src/frontend/",
                "src/domains/",
                "src/post/",
            ]
            .iter()
            .any(|d| f.starts_with(d))
        })
        .collect();
    assert!(bad.is_empty(), "printing in a library layer: {bad:?}");
}

/// Answers are plain data (DESIGN.md "Engines"): what reads them (the check's
/// callers aside) never reaches into the solver layer.
#[test]
fn readers_of_answers_do_not_import_smt() {
    let readers = ["src/explain.rs", "src/cexpr.rs", "src/replay/", "src/trace.rs", "src/report/"];
    let bad: Vec<String> = offenders(&["crate::smt", "smt::"], &[])
        .into_iter()
        .filter(|f| readers.iter().any(|r| f.starts_with(r)))
        .collect();
    assert!(bad.is_empty(), "answer readers importing smt: {bad:?}");
}

/// The layers of `src/`, lowest first (docs/architecture.md "Layers"): a
/// module may import only modules of lower layers (and its own).
const LAYERS: &[&[&str]] = &[
    &["error", "deadline", "threads", "memory_guard", "stderr_mute", "child"],
    &["ir"],
    &["trace", "cfg", "cexpr"],
    &["program_inputs", "answer"],
    &["frontend", "domains", "smt"],
    &["replay", "chc"],
    &["cegar"],
    &["post", "check"],
    &["engines"],
    &["member", "explain", "cache"],
    &["portfolio"],
    &["report"],
    &["driver"],
    &["pipeline_options"],
    &["runner"],
    &["cc", "bench", "plugins"],
    &["compare_opt", "project"],
    &["lib", "main"],
];

/// The top-level module of a `src/` file (`src/smt/chc.rs` -> `smt`).
fn module_of(file: &str) -> &str {
    let rest = file.strip_prefix("src/").unwrap_or(file);
    let first = rest.split('/').next().unwrap_or(rest);
    first.strip_suffix(".rs").unwrap_or(first)
}

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The first name of each top-level item of a `use` group (the text after
/// its `{`): `a, b::{c, d}, self` gives `a`, `b`.
fn group_items(group: &str) -> Vec<String> {
    let mut depth = 0;
    let mut starts = vec![0];
    for (j, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => starts.push(j + 1),
            _ => {}
        }
    }
    starts
        .into_iter()
        .map(|start| group[start..].trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect())
        .filter(|name: &String| !name.is_empty() && name != "self")
        .collect()
}

/// The top-level modules a file's code names through `crate::` (paths and
/// `use crate::{a, b::c}` groups).
fn imports(code: &str) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            out.extend(group_items(group));
        } else {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// Every import of a module of the same or a higher layer, as
/// "file -> module"; a file of a module the layers do not list is one too.
fn upward_imports(files: &[(String, String)]) -> Vec<String> {
    let mut bad = Vec::new();
    for (file, code) in files {
        let own = module_of(file);
        let Some(mine) = layer(own) else {
            bad.push(format!("{file}: module `{own}` is in no layer"));
            continue;
        };
        for m in imports(code) {
            match layer(&m) {
                Some(theirs) if m != own && theirs >= mine => bad.push(format!("{file} -> {m}")),
                None => bad.push(format!("{file} -> {m} (in no layer)")),
                _ => {}
            }
        }
    }
    bad
}

#[test]
fn no_module_imports_one_of_its_own_or_a_higher_layer() {
    let bad = upward_imports(&files());
    assert!(bad.is_empty(), "imports against the layers: {bad:#?}");
}

/// The checker itself: a planted upward import (`ir` naming `smt`, as
/// `ir/eval.rs` did before stop 45) and a same-layer one are found; the
/// same files without them pass.
#[test]
fn the_layer_check_finds_a_planted_upward_import() {
    let file = |f: &str, code: &str| (f.to_string(), code.to_string());
    let planted = [
        file("src/ir/eval.rs", "use crate::smt::IntSemantics;\nuse super::Expr;"),
        file("src/domains/mod.rs", "use crate::{ir::Expr, smt::Deadline};"),
        file("src/smt/chc.rs", "use crate::{cfg, ir::{Expr, Program}};"),
    ];
    assert_eq!(upward_imports(&planted), vec!["src/ir/eval.rs -> smt", "src/domains/mod.rs -> smt"]);
    let clean = [
        file("src/ir/eval.rs", "use super::IntSemantics;"),
        file("src/domains/mod.rs", "use crate::{ir::Expr, deadline::Deadline};"),
        file("src/smt/chc.rs", "use crate::{cfg, ir::{Expr, Program}};"),
    ];
    assert_eq!(upward_imports(&clean), Vec::<String>::new());
}

/// A file's code before its unit tests (`#[cfg(test)]`): what the program
/// itself depends on.
fn without_tests(code: &str) -> &str {
    code.find("#[cfg(test)]").map_or(code, |i| &code[..i])
}

/// The circles among the files of each folder of `src/` (its `mod.rs`, the
/// folder's front that declares and re-exports them, aside): file A names
/// sibling B (`super::B` or `crate::folder::B`, also inside `use` groups)
/// and B, through siblings, names A. One circle per folder, as the files on
/// it. Not seen: a name reached through the folder's re-exports
/// (`super::Arg` for `arg::Arg`), and circles through `mod.rs` or across
/// sub-folders (the layer check covers the top-level modules).
fn circles_in_folders(files: &[(String, String)]) -> Vec<Vec<String>> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut folders: BTreeMap<String, BTreeMap<String, &str>> = BTreeMap::new();
    for (file, code) in files {
        let Some((dir, name)) = file.rsplit_once('/') else { continue };
        let Some(stem) = name.strip_suffix(".rs") else { continue };
        if dir == "src" || stem == "mod" {
            continue;
        }
        folders.entry(dir.to_string()).or_default().insert(stem.to_string(), without_tests(code));
    }
    let mut out = Vec::new();
    for (dir, members) in &folders {
        let path = dir.strip_prefix("src/").unwrap_or(dir).replace('/', "::");
        let names = |code: &str| -> BTreeSet<String> {
            let mut named = BTreeSet::new();
            for prefix in ["super::".to_string(), format!("crate::{path}::")] {
                for (i, _) in code.match_indices(&prefix) {
                    // `super::super::x` names the parent folder's `x`, not a sibling
                    if prefix == "super::" && code[..i].ends_with("super::") {
                        continue;
                    }
                    let rest = &code[i + prefix.len()..];
                    let items = match rest.strip_prefix('{') {
                        Some(group) => group_items(group),
                        None => vec![rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()],
                    };
                    named.extend(items.into_iter().filter(|n| members.contains_key(n)));
                }
            }
            named
        };
        let edges: BTreeMap<&String, BTreeSet<String>> =
            members.iter().map(|(m, code)| (m, names(code).into_iter().filter(|n| n != m).collect())).collect();
        // a member on a circle reaches itself
        for start in members.keys() {
            let mut stack: Vec<Vec<String>> = vec![vec![start.clone()]];
            let mut seen = BTreeSet::new();
            let mut found = None;
            while let Some(trail) = stack.pop() {
                let last = trail.last().unwrap();
                for next in &edges[last] {
                    if next == start {
                        found = Some(trail.clone());
                        break;
                    }
                    if seen.insert(next.clone()) {
                        let mut t = trail.clone();
                        t.push(next.clone());
                        stack.push(t);
                    }
                }
                if found.is_some() {
                    break;
                }
            }
            if let Some(trail) = found {
                out.push(trail.iter().map(|m| format!("{dir}/{m}.rs")).collect());
                break;
            }
        }
    }
    out
}

#[test]
fn no_circle_among_the_files_of_a_folder() {
    let circles = circles_in_folders(&files());
    assert!(circles.is_empty(), "files of one folder that import each other: {circles:#?}");
}

/// The circle checker on planted folders: a two-file circle (as
/// `check/cert.rs` and `check/validate.rs` were in the split's first cut), a
/// three-file one and one through a nested `use` group are found; a chain,
/// a file naming itself or `mod.rs`, and `super::super::x`, are not.
#[test]
fn the_circle_check_finds_planted_circles() {
    let file = |f: &str, code: &str| (f.to_string(), code.to_string());
    let planted = [
        file("src/check/cert.rs", "use super::validate::Script;"),
        file("src/check/validate.rs", "use crate::check::{cert::Obligation, path};"),
        file("src/chc/a.rs", "use super::b;"),
        file("src/chc/b.rs", "use super::c::X;"),
        file("src/chc/c.rs", "fn f() { super::a::g() }"),
        // a sibling named after a nested group
        file("src/post/a.rs", "use super::{q::{X, Y}, b};"),
        file("src/post/b.rs", "use super::a::Z;"),
        file("src/post/q.rs", ""),
    ];
    let circles = circles_in_folders(&planted);
    assert_eq!(circles.len(), 3, "{circles:?}");
    assert!(circles.iter().any(|c| c.contains(&"src/post/b.rs".to_string())), "{circles:?}");
    assert!(circles.iter().any(|c| c.len() == 3 && c.contains(&"src/chc/c.rs".to_string())), "{circles:?}");
    assert!(circles.iter().any(|c| c.len() == 2 && c.contains(&"src/check/validate.rs".to_string())), "{circles:?}");
    let clean = [
        file("src/check/cert.rs", "use super::query::Obligation;\nuse super::validate::Script;"),
        file("src/check/validate.rs", "use super::query::Obligation;\n#[cfg(test)]\nmod tests { use super::cert; }"),
        file("src/check/query.rs", "use super::Checked; fn f() { super::query::g() }"),
        file("src/check/mod.rs", "pub mod cert; use cert::check;"),
        // `super::super::d` is the parent folder's `d`, not the sibling
        file("src/engines/ufo/c.rs", "fn f() { super::super::d::g() }"),
        file("src/engines/ufo/d.rs", "use super::c;"),
    ];
    assert_eq!(circles_in_folders(&clean), Vec::<Vec<String>>::new());
}
