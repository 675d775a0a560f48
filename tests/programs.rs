//! Data-driven verdict tests over `llvm-tests/`: every program's header gives its
//! expected verdict. Each SAFE answer must carry a checked certificate, each
//! UNSAFE answer a trace that replayed on the real program; no answer may
//! contradict the header, at any level or integer semantics.

mod common;
use common::{programs, verify};

fn check_answer(p: &common::TestProgram, json: &serde_json::Value, code: i32, what: &str) -> String {
    common::check_answer(&p.expected, json, code, what)
}

/// The C file of a program of one C file, whose witness is checked (IR
/// without debug information has no witness: nothing to locate).
fn c_file(p: &common::TestProgram) -> Option<&String> {
    p.files.iter().find(|f| f.ends_with(".c")).filter(|_| p.files.len() == 1)
}

/// The engine of the paper answers every program at -O0 and -O2 as its
/// header says; every answer's witness is checked (`common::witness`).
#[test]
fn ufo_engine_verdicts() {
    let progs = programs();
    assert!(progs.len() >= 17, "at least 17 test programs, found {}", progs.len());
    let runs: Vec<_> = progs.iter().flat_map(|p| [(p, "O0"), (p, "O2")]).collect();
    // (each run is one engine on one thread: two at a time)
    let failures: Vec<String> = common::par_map(&runs, |(p, level)| {
        // (where the header does not promise a verdict, only that no
        // answer is wrong: a shorter run)
        let decided = p.decided.iter().any(|d| d == level);
        let timeout = if decided { "60" } else { "10" };
        let dir = tempfile::tempdir().unwrap();
        let w = dir.path().join("witness.yml");
        let ws = w.to_string_lossy().into_owned();
        let (code, json) =
            verify(&p.files, &["--engine", "ufo", "--opt", level, "--timeout", timeout, "--witness", &ws]);
        let what = format!("{:?} at {level}", p.files);
        let v = check_answer(p, &json, code, &what);
        // (the witness at both levels: schema, locations, and a SAFE one's
        // invariants, one at least where the proof constrains a loop)
        if let (Some(file), "SAFE" | "UNSAFE") = (c_file(p), v.as_str()) {
            let yaml = common::witness::read(&w, &what);
            let syntax = common::witness::syntax(&common::root().join(file));
            let invariants = common::witness::check_locations(&yaml, &syntax, &what);
            // (each loop whose invariant the certificate states in C, at
            // its loop's start, is in the witness; one in C as `1` is
            // `true`, or weakened to nothing: ufo says so on standard error)
            let stated = json["certificate"]["loop_invariants"].as_array().cloned().unwrap_or_default();
            for i in stated.iter().filter(|i| i["c_expression"] != "1") {
                let start = (i["loop_start"]["line"].as_u64(), i["loop_start"]["col"].as_u64());
                if let (Some(line), Some(col)) = start {
                    if !invariants.iter().any(|w| (w.0, w.1) == (line, col)) {
                        return Some(format!("{what}: no witness invariant at the loop of {line}:{col}: {i}"));
                    }
                }
            }
        }
        (decided && v != p.expected).then(|| format!("{what}: {v} ({})", json["reason"]))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "undecided:\n{}", failures.join("\n"));
}

/// The default engine, the portfolio, answers every program with a checked
/// answer, on two threads and on one (members in turn, with time slices),
/// and the two agree (the second's witness valid against the format's
/// schema, each location where format 2.0 puts it: `common::witness`): at O0, or at the first level its header says it is
/// decided at (at O0 only spacer-global's concretizer, which it no longer
/// uses, found sum_safe.c's invariant).
#[test]
fn the_portfolio_decides_every_program_on_one_thread_and_on_two() {
    let mut failures = Vec::new();
    for p in programs() {
        let mut verdicts = Vec::new();
        let opt = if p.decided.iter().any(|d| d == "O0") { "O0" } else { p.decided[0].as_str() };
        for jobs in ["2", "1"] {
            // (the witness of the second run is checked: schema and locations)
            let dir = tempfile::tempdir().unwrap();
            let w = dir.path().join("witness.yml");
            let ws = w.to_string_lossy().into_owned();
            let (code, json) = verify(&p.files, &["--opt", opt, "--jobs", jobs, "--timeout", "60", "--witness", &ws]);
            let what = format!("portfolio {:?} at {opt} with --jobs {jobs}", p.files);
            assert_eq!(json["portfolio"]["jobs"], jobs.parse::<u64>().unwrap(), "{what}");
            let v = check_answer(&p, &json, code, &what);
            if let (Some(file), "1", "SAFE" | "UNSAFE") = (c_file(&p), jobs, v.as_str()) {
                let yaml = common::witness::read(&w, &what);
                let syntax = common::witness::syntax(&common::root().join(file));
                common::witness::check_locations(&yaml, &syntax, &what);
            }
            if v != p.expected {
                failures.push(format!("{what}: {v} ({})", json["reason"]));
            }
            verdicts.push(v);
        }
        assert_eq!(verdicts[0], verdicts[1], "{:?}: --jobs 2 and --jobs 1 disagree", p.files);
    }
    assert!(failures.is_empty(), "undecided:\n{}", failures.join("\n"));
}

/// (A safe program only needs to show that BMC never claims anything wrong of
/// it: a short run, 3 s, as 60 s of counters_safe.c and int128_safe.c were a
/// third of this file's time, and 10 s still 75 of this test's 108 s.)
#[test]
fn bmc_agrees_on_every_unsafe_program_and_is_never_wrong() {
    for p in programs() {
        let timeout = if p.expected == "UNSAFE" { "60" } else { "3" };
        for level in ["O0", "O2"] {
            for int in ["lia", "bv"] {
                let (code, json) = verify(
                    &p.files,
                    &["--engine", "bmc", "--bound", "60", "--opt", level, "--int", int, "--timeout", timeout],
                );
                let what = format!("bmc {:?} at {level} --int {int}", p.files);
                let v = check_answer(&p, &json, code, &what);
                if p.expected == "UNSAFE" {
                    assert_eq!(v, "UNSAFE", "{what}: BMC must find the bug ({})", json["reason"]);
                }
            }
        }
    }
}

/// The wide-integer programs test what they say: clang computes them in
/// `i65` (`__builtin_sub_overflow` of a `long long` and an `unsigned long
/// long`, the closed form of a sum at -O2) or `i128` (`__int128`), at -O0 and
/// -O2; their verdicts are checked with the others.
#[test]
fn wide_integer_programs_compute_in_wide_integers() {
    let cases = [
        ("int128_safe.c", "i128", &["O0", "O2"][..]),
        ("int128_unsafe.c", "i128", &["O0", "O2"]),
        ("sub_overflow_mixed_safe.c", "i65", &["O0", "O2"]),
        ("sub_overflow_mixed_unsafe.c", "i65", &["O0", "O2"]),
        ("sum_closed_form_unsafe.c", "i65", &["O2"]),
    ];
    for (file, ty, levels) in cases {
        for level in levels {
            let out = std::process::Command::new("clang-19")
                .args(["-S", "-emit-llvm", "-g0", &format!("-{level}"), "-o", "-"])
                .arg(common::root().join("llvm-tests").join(file))
                .output()
                .expect("clang-19 runs");
            let ir = String::from_utf8_lossy(&out.stdout);
            let ops = ir.lines().filter(|l| l.contains(&format!(" {ty} ")) && !l.contains("alloca")).count();
            assert!(ops > 0, "{file} at -{level} has no {ty} operation:\n{ir}");
        }
    }
}

#[test]
fn bv_semantics_agrees_with_the_headers() {
    for p in programs() {
        let (code, json) = verify(&p.files, &["--opt", "O2", "--int", "bv", "--timeout", "30"]);
        check_answer(&p, &json, code, &format!("{:?} with --int bv", p.files));
    }
}

#[test]
fn math_semantics_warns_and_its_spurious_bug_is_refined_bit_precisely() {
    let file = vec!["llvm-tests/unsigned_sub_safe.c".to_string()];
    let (code, json) = verify(&file, &["--int", "lia", "--opt", "O0"]);
    assert_eq!((code, json["verdict"].as_str().unwrap()), (0, "SAFE"));
    assert!(json["stats"]["counterexamples"].is_null(), "lia needs no refinement here: {}", json["stats"]);
    let (code, json) = verify(&file, &["--engine", "ufo", "--int", "math", "--opt", "O0"]);
    assert!(json["warnings"].as_array().unwrap().iter().any(|w| w.as_str().unwrap().contains("--int math")));
    // Unbounded integers make y = x - 10 negative: the engine finds a "bug"
    // that the real program does not have; it does not replay, its path is
    // infeasible bit-precisely (no over-approximated operation: the
    // difference is math's unbounded integers), and the engine runs again
    // under bv, which proves the program with a checked certificate.
    assert_eq!((code, json["verdict"].as_str().unwrap()), (0, "SAFE"), "{json}");
    let cex = &json["stats"]["counterexamples"];
    assert_eq!((cex["spurious"].as_u64(), cex["approximated_ops"].as_u64()), (Some(1), Some(0)), "{cex}");
    assert_eq!(cex["bv_reruns"], 1, "{cex}");
    assert!(json["certificate"]["locations"].as_array().is_some_and(|l| !l.is_empty()));
}

/// A counterexample through over-approximated bit operations does not end
/// the run (issue 19 §1): a path that is feasible bit-precisely gets the
/// inputs of its `bv` model, which replay; a spurious one makes the engine
/// run again under `bv`. Every engine that reports a trace, at -O0.
#[test]
fn spurious_counterexamples_are_refined_bit_precisely() {
    for engine in ["ufo", "spacer", "bmc"] {
        let safe = vec!["llvm-tests/bitops_spurious_safe.c".to_string()];
        let (code, json) = verify(&safe, &["--engine", engine, "--opt", "O0", "--timeout", "60"]);
        let cex = &json["stats"]["counterexamples"];
        assert_eq!(cex["spurious"], 1, "{engine}: {json}");
        assert_eq!(cex["approximated_ops"], 2, "{engine}: x | y and x & y on the first path: {cex}");
        assert_eq!(cex["bv_reruns"], 1, "{engine}: {cex}");
        if engine != "bmc" {
            assert_eq!((code, json["verdict"].as_str()), (0, Some("SAFE")), "{engine}: {json}");
            assert!(json["certificate"]["locations"].as_array().is_some_and(|l| !l.is_empty()));
        }
        let unsafe_ = vec!["llvm-tests/bitops_inputs_unsafe.c".to_string()];
        let (code, json) = verify(&unsafe_, &["--engine", engine, "--opt", "O0", "--timeout", "60"]);
        assert_eq!((code, json["verdict"].as_str()), (10, Some("UNSAFE")), "{engine}: {json}");
        assert_eq!(json["stats"]["counterexamples"]["bit_precise_replays"], 1, "{engine}: {}", json["stats"]);
        assert_eq!(json["counterexample"]["replay"]["reached"], true);
        let inputs: Vec<i64> =
            json["counterexample"]["inputs"].as_array().unwrap().iter().map(|i| i["value"].as_i64().unwrap()).collect();
        let (x, y) = (inputs[0], inputs[1]);
        assert!(x < 100 && y < 100 && x & y == 5 && x | y == 95, "{engine}: inputs {inputs:?}");
    }
}

/// With its interpolating unsat cores, Z3 5.3.2's Spacer answered the `bv`
/// refinement query of `__builtin_sub_overflow(long long, unsigned long long,
/// ..)` at -O0 with labels that are not Hoare triples (the certificate check
/// rejected them: UNKNOWN); under `bv` they are off (`chc::spacer`).
#[test]
fn ufo_under_bv_proves_mixed_sign_overflow_checks_at_o0() {
    let safe = vec!["llvm-tests/sub_overflow_mixed_safe.c".to_string()];
    let (code, json) = verify(&safe, &["--engine", "ufo", "--int", "bv", "--opt", "O0", "--timeout", "60"]);
    assert_eq!((code, json["verdict"].as_str()), (0, Some("SAFE")), "{json:#}");
    assert!(json["certificate"]["locations"].as_array().is_some_and(|l| !l.is_empty()));
}

/// clang -O2 vectorizes this loop (`<4 x i32>` values and
/// `llvm.vector.reduce.add`, which the program model would havoc); ufo's own
/// -O2 pipeline does not vectorize, so nothing is havocked and the bug at
/// n == 5 is found with the exact sum.
#[test]
fn ufo_does_not_vectorize_loops_at_o2() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("sum_xor_unsafe.c");
    std::fs::write(
        &c,
        "extern void reach_error(void);\nextern unsigned __VERIFIER_nondet_uint(void);\n\
         int main(void) {\n  unsigned n = __VERIFIER_nondet_uint();\n  unsigned long long s = 0;\n\
         for (unsigned i = 0; i < n; i++) s += i ^ (i >> 1);\n\
         if (n == 5 && s == 12) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let ir = std::process::Command::new("clang-19").args(["-O2", "-S", "-emit-llvm", "-o", "-"]).arg(&c).output();
    let ir = String::from_utf8_lossy(&ir.expect("clang-19 runs").stdout).into_owned();
    assert!(ir.contains("llvm.vector.reduce.add"), "clang -O2 no longer vectorizes the test loop:\n{ir}");
    let files = vec![c.to_string_lossy().into_owned()];
    let (code, json) = verify(&files, &["--opt", "O2", "--timeout", "60"]);
    assert_eq!(json["approximations"]["translation"]["other_havocs"], 0, "{}", json["approximations"]);
    assert_eq!((code, json["verdict"].as_str()), (10, Some("UNSAFE")), "{json:#}");
    assert_eq!(json["counterexample"]["replay"]["reached"], true);
    assert_eq!(json["counterexample"]["inputs"][0]["value"], 5, "{}", json["counterexample"]["inputs"]);
}

/// Spacer answers "unknown" on the remainder by a variable under lia (a
/// nonlinear term), both as whole-program Spacer and as UFO's refinement; the
/// member runs again under bv (issue 19 §1), which decides, and the
/// statistics say so.
#[test]
fn spacers_unknown_makes_the_member_run_again_under_bv() {
    let unsafe_ = vec!["llvm-tests/urem_spacer_unknown_unsafe.c".to_string()];
    for opt in ["O0", "O2"] {
        let (code, json) = verify(&unsafe_, &["--engine", "spacer", "--opt", opt, "--timeout", "60"]);
        assert_eq!((code, json["verdict"].as_str()), (10, Some("UNSAFE")), "{opt}: {json:#}");
        assert_eq!(json["counterexample"]["replay"]["reached"], true);
        let cex = &json["stats"]["counterexamples"];
        assert_eq!((cex["bv_reruns"].as_u64(), cex["spurious"].as_u64()), (Some(1), Some(0)), "{opt}: {cex}");
        let inputs: Vec<u64> =
            json["counterexample"]["inputs"].as_array().unwrap().iter().map(|i| i["value"].as_u64().unwrap()).collect();
        assert!(inputs[1] != 0 && inputs[0] % inputs[1] == 7, "{opt}: {inputs:?}");
    }
    let safe = vec!["llvm-tests/urem_spacer_unknown_safe.c".to_string()];
    let (code, json) = verify(&safe, &["--engine", "ufo", "--opt", "O0", "--timeout", "60"]);
    assert_eq!((code, json["verdict"].as_str()), (0, Some("SAFE")), "{json:#}");
    assert!(json["certificate"]["locations"].as_array().is_some_and(|l| !l.is_empty()));
    assert_eq!(json["stats"]["counterexamples"]["bv_reruns"], 1, "{}", json["stats"]);
    assert_eq!(json["options"]["int"], "lia", "the run asked for lia; the answer came from its bv re-run");
}

/// What users feed ufo: `clang -O2 -emit-llvm` output, here of an ILP32 build.
/// The bug is found in the optimized IR and replayed on that same IR (compiled
/// for i386 and linked with the harness), not on a recompiled source.
#[test]
fn optimized_ilp32_bitcode_is_verified_and_replayed_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let bc = dir.path().join("fig1_unsafe.bc");
    let st = std::process::Command::new("clang-19")
        .args(["-m32", "-O2", "-g", "-c", "-emit-llvm", "-o"])
        .arg(&bc)
        .arg(common::root().join("llvm-tests/fig1_unsafe.c"))
        .status()
        .expect("clang-19 runs");
    assert!(st.success());
    let files = vec![bc.to_string_lossy().into_owned()];
    let (code, json) = verify(&files, &["--data-model", "ILP32", "--opt", "O0", "--timeout", "60"]);
    assert_eq!((code, json["verdict"].as_str()), (10, Some("UNSAFE")), "{json:#}");
    assert_eq!(json["counterexample"]["replay"]["reached"], true);
    let n = json["counterexample"]["inputs"][0]["value"].as_i64().expect("an input");
    assert!(n >= 4, "fig1's bug needs at least 4 iterations, got n = {n}");
}

/// On systemc/token_ring.04.cil-1 the model Z3 5.3.2 reconstructs through its
/// tail simplifier fails consecution on one edge, so the engine's first
/// solve is without that transformation: its model passes the check at once
/// (solved once, not twice: 5 s of CPU, was 13 s). Either way, SAFE comes
/// only with a certificate the independent check accepted.
#[test]
fn spacer_without_the_tail_simplifier_solves_token_ring_once() {
    let files = vec!["../shared/bench/sv/systemc/token_ring.04.cil-1.c".to_string()];
    let t = std::time::Instant::now();
    let (code, json) = verify(&files, &["--engine", "spacer", "--data-model", "ILP32", "--timeout", "60"]);
    let took = t.elapsed();
    assert_eq!((code, json["verdict"].as_str()), (0, Some("SAFE")), "{json:#}");
    assert!(json["certificate"]["locations"].as_array().is_some_and(|l| l.len() > 1), "a checked certificate");
    assert_eq!(json["stats"]["spacer"]["rejected"], 0, "{}", json["stats"]);
    assert!(took < std::time::Duration::from_secs(40), "took {took:?}");
}

/// Spacer's "reachable" becomes a path through the states of its derivation
/// (one fact per loop-head visit here: twelve iterations, the entry and the
/// error), found by short searches between consecutive states rather than by
/// BMC at growing bounds, and it replays.
#[test]
fn spacer_counterexamples_follow_its_derivation() {
    let files = vec!["tests/data/deep_loop_unsafe.c".to_string()];
    let (code, json) = verify(&files, &["--engine", "spacer", "--timeout", "60"]);
    assert_eq!((code, json["verdict"].as_str()), (10, Some("UNSAFE")), "{json:#}");
    assert_eq!(json["counterexample"]["replay"]["reached"], true);
    let sp = &json["stats"]["spacer"];
    assert!(sp["waypoints"].as_u64().unwrap() >= 14, "{sp}");
    assert_eq!(sp["bmc_bound"], 0, "no BMC at growing bounds was needed: {sp}");
    assert_eq!(sp["segments"].as_u64(), sp["waypoints"].as_u64().map(|w| w - 1), "a path per pair of states: {sp}");
    // twelve iterations, each a loop condition and a branch choice
    assert_eq!(json["counterexample"]["inputs"].as_array().unwrap().len(), 24, "{json:#}");
}

/// On systemc/token_ring.03.cil-1, Spacer with global guidance derives the
/// error from the last loop head's state through the loop's entry, itself a
/// location of an earlier fact (a clause Spacer's inlining composed): no path
/// through the derivation's locations alone has it (the search then fell back
/// to BMC, 20 s), while the searches between consecutive states, which may
/// pass any location, find the path, and it replays.
#[test]
fn spacer_counterexamples_pass_through_locations_its_derivation_inlined() {
    let files = vec!["../shared/bench/sv/systemc/token_ring.03.cil-1.c".to_string()];
    let args = ["--engine", "spacer", "--spacer-mode", "global", "--data-model", "ILP32", "--property", "unreach-call"];
    let (code, json) = verify(&files, &[&args[..], &["--svcomp", "--timeout", "60"]].concat());
    assert_eq!((code, json["verdict"].as_str()), (10, Some("UNSAFE")), "{json:#}");
    assert_eq!(json["counterexample"]["replay"]["reached"], true);
    let sp = &json["stats"]["spacer"];
    assert!(sp["segments"].as_u64().is_some_and(|s| s >= 2), "a path through the derivation's states: {sp}");
    assert_eq!(sp["bmc_bound"], 0, "no BMC at growing bounds was needed: {sp}");
}

/// Whole-program Spacer (`--engine spacer`, both modes): its invariants
/// become a certificate that passes the independent check, its "reachable"
/// a BMC path that replays; it decides most programs and contradicts none.
/// (Global guidance on every other program: it is Spacer with other
/// lemmas, and the fuzz samples and the portfolio tests run it too; the
/// whole list took 150 s of a CI run.)
#[test]
fn spacer_engine_verdicts_are_checked_and_agree_with_the_headers() {
    let mut decided = 0;
    let mut runs = 0;
    for (i, p) in programs().into_iter().enumerate() {
        let modes: &[&str] = if i % 2 == 0 { &["default", "global"] } else { &["default"] };
        for &mode in modes {
            let args = ["--engine", "spacer", "--spacer-mode", mode, "--opt", "O0", "--timeout", "20"];
            let (code, json) = verify(&p.files, &args);
            let v = check_answer(&p, &json, code, &format!("spacer {mode} {:?}", p.files));
            runs += 1;
            if v == p.expected {
                decided += 1;
            }
            if v == "SAFE" {
                assert!(json["stats"]["spacer"]["solve_time"].as_f64().is_some(), "Spacer's statistics");
            }
        }
    }
    assert!(decided * 10 >= runs * 8, "spacer decided only {decided} of {runs}");
}

/// clang -O2 without its vectorizers (as ufo's pipeline) unrolls a loop whose
/// trip count is known only at run time by four, with a remainder loop; ufo's
/// -O2 pipeline keeps it one loop (`llvm.loop.unroll.runtime.disable` on
/// every loop), so the fill-and-check program has its two loops, not four,
/// and stride-one invariants. Its counters also stay 32-bit `int`s
/// (`-indvars-widen-indvars=false`; clang widens them to 64 bits and
/// truncates at each use) and index the array through `zext nneg`, read as
/// the sign extension it equals.
#[test]
fn ufo_does_not_unroll_loops_of_unknown_trip_count_at_o2() {
    let prog = "llvm-tests/memory/array_fill_safe.c";
    let ir = std::process::Command::new("clang-19")
        .args([
            "-O2",
            "-fno-vectorize",
            "-fno-slp-vectorize",
            "-fno-discard-value-names",
            "-S",
            "-emit-llvm",
            "-o",
            "-",
        ])
        .arg(prog)
        .output();
    let ir = String::from_utf8_lossy(&ir.expect("clang-19 runs").stdout).into_owned();
    assert!(ir.contains(".epil"), "clang -O2 no longer unrolls the fill loop with a remainder:\n{ir}");
    assert!(ir.contains("trunc i64 %indvars.iv"), "clang -O2 no longer widens the counter:\n{ir}");
    let (code, cfg, err) = common::ufo(&["cfg", prog, "--opt", "O2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(cfg.matches("[loop head]").count(), 2, "{cfg}");
    assert!(!cfg.contains(".epil"), "{cfg}");
    assert!(!cfg.contains("trunc32(") && !cfg.contains("zext64("), "{cfg}");
    assert!(cfg.contains("inc := (i.011 + 1)") && cfg.contains("sext64(i.011)"), "{cfg}");
}
