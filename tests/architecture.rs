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

#[test]
fn only_smt_uses_z3() {
    let bad = offenders(&["use z3", "z3::", "z3_sys"], &["src/smt/"]);
    assert!(bad.is_empty(), "Z3 used outside src/smt/: {bad:?}");
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
            ["src/engines/", "src/smt/", "src/cfg/", "src/ir/", "src/frontend/"].iter().any(|d| f.starts_with(d))
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
