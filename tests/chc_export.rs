//! `ufo export-chc` writes clauses any CHC solver reads (issue 18, item 6):
//! standard SMT-LIB by default, the CHC-COMP format on request. A strict
//! parser (cvc5) accepts both; Spacer gives the same answer on every dialect
//! for every test program.

mod common;
use common::{programs, ufo};
use std::process::Command;
use ufo::smt::Install;

fn export(files: &[String], dialect: &str) -> String {
    let mut args = vec!["export-chc", "--opt", "O0", "--dialect", dialect];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = ufo(&args);
    assert_eq!(code, 0, "export-chc {files:?} --dialect {dialect}: {err}");
    out
}

/// cvc5 parses the text as standard SMT-LIB (HORN is not a cvc5 logic, so
/// the copy says ALL).
fn strictly_parses(text: &str, what: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("clauses.smt2");
    std::fs::write(&path, text.replace("(set-logic HORN)", "(set-logic ALL)")).unwrap();
    let out = Command::new("cvc5").arg("--parse-only").arg(&path).output().expect("cvc5 (scripts/setup installs it)");
    assert!(
        out.status.success(),
        "{what}: cvc5 rejects it: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn every_dialect_parses_strictly_and_spacer_answers_the_same_on_each() {
    // (two programs at a time, each with Spacer in a thread and Z3 context of its own)
    let compared = common::par_map(&programs(), |p| {
        let mut answers = Vec::new();
        for dialect in ["smtlib", "chc-comp", "z3"] {
            let text = export(&p.files, dialect);
            let what = format!("{:?} --dialect {dialect}", p.files);
            if dialect != "z3" {
                assert!(!text.contains(":weight"), "{what}: a solver-specific annotation");
                strictly_parses(&text, &what);
            }
            if dialect == "chc-comp" {
                for decl in text.lines().filter(|l| l.starts_with("(declare-fun")) {
                    // `(declare-fun NAME (SORTS) Bool)`: the sorts of the arguments
                    let args = decl.split_once(" (").and_then(|(_, r)| r.split(')').next()).unwrap_or_default();
                    assert!(!args.contains("Bool"), "{what}: a Boolean argument in {decl}");
                }
                let asserts = text.lines().filter(|l| l.starts_with("(assert")).count();
                let foralls = text.lines().filter(|l| l.starts_with("(assert (forall (")).count();
                assert_eq!(asserts, foralls, "{what}: one (assert (forall ...)) per clause");
            }
            // Spacer within 10 s; a program it cannot decide in the first
            // dialect is not tried in the others
            if answers.first() != Some(&None) {
                let d = ufo::smt::Deadline::after(std::time::Duration::from_secs(10));
                let _installed = d.install();
                answers.push(ufo::chc::horn::solve(&text).unwrap_or_else(|e| panic!("{what}: {e}")));
            }
        }
        let decided = answers.len() == 3 && answers.iter().all(Option::is_some);
        if decided {
            assert!(answers.windows(2).all(|w| w[0] == w[1]), "{:?}: Spacer answers {answers:?}", p.files);
            // the clauses over-approximate the program: never safe when it is not
            let safe = answers[0] == Some(true);
            assert!(
                !(safe && p.expected == "UNSAFE"),
                "{:?}: the clauses of an unsafe program are satisfiable",
                p.files
            );
        }
        decided
    })
    .into_iter()
    .filter(|d| *d)
    .count();
    assert!(compared >= 15, "Spacer decided only {compared} programs on all dialects");
}

#[test]
fn chc_comp_refuses_bit_vector_clauses_naming_the_option() {
    let (code, _, err) = ufo(&["export-chc", "--int", "bv", "--dialect", "chc-comp", "llvm-tests/fig1_safe.c"]);
    assert_eq!(code, 2);
    assert!(err.contains("--dialect chc-comp writes integer clauses"), "{err}");
}

#[test]
fn programs_with_memory_regions_export_in_every_dialect() {
    // a region passed on in a clause head or body is an array variable
    // (mcmillan2006 of the shared set crashed the CHC-COMP export before)
    let memory = common::programs_in("llvm-tests/memory");
    assert!(memory.len() >= 10);
    let with_regions = common::par_map(&memory, |p| {
        let text = export(&p.files, "chc-comp");
        strictly_parses(&text, &format!("{:?} --dialect chc-comp", p.files));
        text.contains("(Array ")
    });
    assert!(with_regions.iter().filter(|r| **r).count() >= 10, "{with_regions:?}");
}
