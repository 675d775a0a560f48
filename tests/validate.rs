//! `--validate` (issue 42, part 5): after Z3's certificate check accepted a
//! SAFE answer, cvc5 answers the same queries again. Every safe program of
//! `llvm-tests/` is validated by cvc5 at the levels its header says it is
//! decided at; a planted wrong certificate is rejected by Z3's check and by
//! cvc5 alike, in the same words (the failing edge); and cvc5's `sat`, its
//! `unknown`, its absence and its silence past the deadline each make the
//! answer UNKNOWN with the reason, never SAFE.

mod common;
use common::{programs, root, verify};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use ufo::cfg::{slice, Wto};
use ufo::check::cert;
use ufo::check::validate::{self, Invalid};
use ufo::engines::config::DomainKind;
use ufo::engines::{self, EngineConfig, EngineContext, Verdict};
use ufo::frontend::{build_program, FrontendOptions, OptLevel};
use ufo::ir::{Expr, Program, Rel};
use ufo::smt::{Deadline, IntSemantics};

/// Every safe program of `llvm-tests/` (and two memory programs, whose
/// certificates quantify over cells) is SAFE with `--validate` at the
/// levels its header names, and the report says cvc5 answered every query
/// of the certificate check: one per sliced edge, safety and initiation.
#[test]
fn every_safe_program_is_validated_by_cvc5_at_its_decided_levels() {
    let mut runs: Vec<(Vec<String>, String)> = programs()
        .into_iter()
        .filter(|p| p.expected == "SAFE")
        .flat_map(|p| p.decided.iter().map(|l| (p.files.clone(), l.clone())).collect::<Vec<_>>())
        .collect();
    assert!(runs.len() >= 40, "the safe programs at their levels: {runs:?}");
    for (memory, level) in [("memset_memcpy_safe.c", "O2"), ("alias_safe.c", "O0")] {
        runs.push((vec![format!("llvm-tests/memory/{memory}")], level.into()));
    }
    // (one portfolio thread per run, two runs at a time)
    let failures: Vec<String> = common::par_map(&runs, |(files, level)| {
        let (code, json) = verify(files, &["--validate", "--opt", level, "--jobs", "1", "--timeout", "60"]);
        let what = format!("{files:?} at {level}");
        let v = common::check_answer("SAFE", &json, code, &what);
        if v != "SAFE" {
            return Some(format!("{what}: {v} ({})", json["reason"]));
        }
        assert_eq!(json["options"]["validate"], true, "{what}");
        assert_eq!(json["certificate"]["validated"], "cvc5", "{what}: {}", json["certificate"]);
        let validation = &json["stats"]["validation"];
        assert_eq!(validation["solver"], "cvc5", "{what}");
        let edges = json["program"]["sliced_edges"].as_u64().unwrap();
        assert_eq!(validation["queries"].as_u64(), Some(edges + 2), "{what}: a query per edge, safety, initiation");
        None
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "not validated:\n{}", failures.join("\n"));
}

/// The text report says so, and without `--validate` nothing is validated.
#[test]
fn the_text_and_json_reports_say_whether_cvc5_validated() {
    let (code, out, _) = common::ufo(&["verify", "llvm-tests/fig1_safe.c", "--opt", "O0", "--validate", "--stats"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("validated: cvc5 answered unsat to all 12 queries of the certificate check"), "{out}");
    assert!(out.contains(" validated=cvc5 validate="), "{out}");
    let files = vec!["llvm-tests/fig1_safe.c".to_string()];
    let (_, json) = verify(&files, &["--opt", "O0"]);
    assert_eq!(json["verdict"], "SAFE");
    assert_eq!(json["options"]["validate"], false);
    assert!(json["certificate"]["validated"].is_null(), "{}", json["certificate"]);
    assert!(json["stats"].get("validation").is_none(), "{}", json["stats"]);
    // the schema ties the two together
    let mut lie = json.clone();
    lie["options"]["validate"] = serde_json::json!(true);
    let text = std::fs::read_to_string(root().join("docs/report.schema.json")).unwrap();
    let schema = jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap();
    assert!(!schema.is_valid(&lie), "SAFE under --validate without cvc5's validation must not validate");
}

/// fig1_safe.c at -O0 and the interval certificate of the `ai` engine.
fn fig1(sem: IntSemantics) -> (Program, Vec<Expr>) {
    let opts = FrontendOptions { opt: OptLevel::O0, ..Default::default() };
    let file = root().join("llvm-tests/fig1_safe.c").to_string_lossy().into_owned();
    let p = slice::slice(&build_program(&[file], &opts).expect("translates")).0;
    let cfg = EngineConfig::new(engines::ai::Config { domain: DomainKind::Interval });
    let out = engines::run(&cfg, &p, &EngineContext { sem, deadline: &Deadline::none() });
    assert_eq!(out.verdict, Verdict::Safe, "{:?}", out.reason);
    let inv = out.certificate.expect("a certificate").invariants;
    (p, inv)
}

/// What Z3's check and cvc5 say of `inv`: each rejection's words, or `None`
/// for a pass.
fn both(p: &Program, sem: IntSemantics, inv: &[Expr]) -> (Option<String>, Option<String>) {
    let z3 = cert::check(p, sem, inv).err().map(|r| r.what);
    let script = cert::print(p, sem, inv).expect("the invariants lower");
    let cvc5 = match validate::validate(p, &script, &Deadline::after(Duration::from_secs(60))) {
        Ok(v) => {
            assert_eq!(v.queries, p.edges.len() + 2, "every query of the check");
            None
        }
        Err(Invalid::Rejected(why)) => Some(why),
        Err(other) => panic!("cvc5 did not decide: {other:?}"),
    };
    (z3, cvc5)
}

/// Certificates with one location's invariant broken, each of the three
/// obligations failing once, under `lia` and under `bv` (where the
/// certificate's integer bounds over bit-vectors are conversions, asked as
/// integers): Z3's check and cvc5 both reject, naming the same obligation in
/// the same words; the certificate the engine found passes both.
#[test]
fn a_planted_wrong_certificate_is_rejected_by_z3_and_by_cvc5_alike() {
    for sem in [IntSemantics::Lia, IntSemantics::Bv] {
        let (p, inv) = fig1(sem);
        assert_eq!(both(&p, sem, &inv), (None, None), "{sem:?}: the engine's certificate passes both");
        let wto = Wto::of_program(&p);
        let head = (0..p.locs.len()).find(|l| wto.is_head[*l]).expect("a loop");
        let x = *p.locs[head].live.iter().find(|v| p.var(**v).src_name.as_deref() == Some("x")).expect("x");
        // x >= 1 at the loop head: x = 0 on the way in, consecution fails
        // on the edge into the head
        let mut planted = inv.clone();
        let value = Expr::Value { signed: true, bits: 32, a: Box::new(Expr::Var(x, p.var(x).sort)) };
        planted[head] = Expr::Rel { rel: Rel::Ge, a: Box::new(value), b: Box::new(Expr::Num(1)) };
        let (z3, cvc5) = both(&p, sem, &planted);
        let z3 = z3.unwrap_or_else(|| panic!("{sem:?}: Z3 accepted x >= 1 at the head"));
        assert!(z3.starts_with("consecution fails on the edge "), "{sem:?}: {z3}");
        assert!(z3.contains(&format!(" -> {} (llvm-tests/fig1_safe.c:", p.locs[head].name)), "{sem:?}: {z3}");
        assert_eq!(cvc5.as_ref(), Some(&z3), "{sem:?}: cvc5 rejects it on the same edge");
        // the error location reachable; nothing at the entry
        let mut error = inv.clone();
        error[p.error.0 as usize] = Expr::Bool(true);
        let (z3, cvc5) = both(&p, sem, &error);
        assert_eq!(z3.as_deref(), Some("the invariant at the error location is not false"), "{sem:?}");
        assert_eq!(cvc5, z3, "{sem:?}");
        let mut entry = inv.clone();
        entry[p.entry.0 as usize] = Expr::Bool(false);
        let (z3, cvc5) = both(&p, sem, &entry);
        assert_eq!(z3, Some(format!("initiation fails at {}", p.locs[p.entry.0 as usize].name)), "{sem:?}");
        assert_eq!(cvc5, z3, "{sem:?}");
    }
}

/// A directory of its own for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ufo-validate-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An executable shell script standing in for cvc5.
fn fake_cvc5(dir: &Path, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("cvc5");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_string_lossy().into_owned()
}

/// `ufo verify --json --validate --engine ai ARGS` with the environment
/// `env`: the report, the exit code, the seconds it took.
fn verify_with(env: &[(&str, &str)], args: &[&str]) -> (serde_json::Value, i32, f64) {
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_ufo"))
        .args(["verify", "--json", "--validate", "--engine", "ai"])
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root())
        .output()
        .expect("ufo runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let json: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}{}", String::from_utf8_lossy(&out.stderr)));
    common::assert_valid("docs/report.schema.json", &json, &format!("{env:?} {args:?}"));
    (json, out.status.code().unwrap_or(-1), t.elapsed().as_secs_f64())
}

/// The reason of an UNKNOWN (exit code 20, no certificate).
fn unknown_reason(json: &serde_json::Value, code: i32) -> String {
    assert_eq!((json["verdict"].as_str(), code), (Some("UNKNOWN"), 20), "{json}");
    assert!(json["certificate"].is_null(), "{json}");
    json["reason"].as_str().unwrap_or_default().to_string()
}

/// cvc5's `sat` where Z3 said `unsat` (a stand-in that answers `unsat` to
/// safety and initiation, then `sat`): the answer is UNKNOWN naming the
/// first edge, as Z3's rejections name theirs.
#[test]
fn a_certificate_cvc5_finds_satisfiable_is_rejected_naming_the_edge() {
    let dir = scratch("sat");
    let fake = fake_cvc5(&dir, "printf 'unsat\\nunsat\\n'; yes sat | head -n 1000");
    let (json, code, _) = verify_with(&[("UFO_CVC5", &fake)], &["llvm-tests/fig1_safe.c", "--opt", "O0"]);
    let why = unknown_reason(&json, code);
    let edge = why.strip_prefix("certificate rejected by cvc5: consecution fails on the edge ").unwrap_or_else(|| {
        panic!("{why}");
    });
    assert!(edge.contains(" -> ") && edge.contains(" (llvm-tests/fig1_safe.c:") && edge.ends_with(')'), "{why}");
    let _ = std::fs::remove_dir_all(dir);
}

/// No cvc5 (a name that does not exist, or none on `PATH`): UNKNOWN, never
/// an unvalidated SAFE.
#[test]
fn without_cvc5_the_answer_is_unknown_saying_so() {
    let (json, code, _) = verify_with(&[("UFO_CVC5", "/nonexistent/cvc5")], &["llvm-tests/fig1_safe.c", "--opt", "O0"]);
    let why = unknown_reason(&json, code);
    assert!(why.starts_with("certificate not validated: cannot run cvc5 (/nonexistent/cvc5: "), "{why}");
    // a PATH without cvc5 (a .ll file needs no clang)
    let empty = scratch("path");
    let (json, code, _) = verify_with(&[("PATH", empty.to_str().unwrap())], &["llvm-tests/loop_safe.ll"]);
    let why = unknown_reason(&json, code);
    assert!(why.starts_with("certificate not validated: cannot run cvc5 (cvc5: "), "{why}");
    let _ = std::fs::remove_dir_all(empty);
}

/// cvc5's `unknown` (after every strategy) and its silence past the
/// deadline: UNKNOWN naming them, and the run ends at its time limit (the
/// stand-in is killed there).
#[test]
fn cvc5_undecided_or_past_the_deadline_is_unknown() {
    let dir = scratch("unknown");
    let fake = fake_cvc5(&dir, "yes unknown | head -n 1000");
    let (json, code, _) = verify_with(&[("UFO_CVC5", &fake)], &["llvm-tests/fig1_safe.c", "--opt", "O0"]);
    let why = unknown_reason(&json, code);
    assert!(why.starts_with("certificate not validated: cvc5 answered unknown on the check of "), "{why}");
    let fake = fake_cvc5(&dir, "exec sleep 60");
    let args = ["llvm-tests/fig1_safe.c", "--opt", "O0", "--timeout", "3"];
    let (json, code, seconds) = verify_with(&[("UFO_CVC5", &fake)], &args);
    let why = unknown_reason(&json, code);
    assert_eq!(why, "timeout while validating the certificate with cvc5");
    assert!(seconds < 8.0, "the run ends at its time limit, not cvc5's: {seconds:.1} s");
    let _ = std::fs::remove_dir_all(dir);
}
