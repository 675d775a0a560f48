//! Overflows as a property (issue 51): under `--property overflow` the C
//! source is compiled with UBSan's checks of signed overflow, shifts and
//! division as traps, each trap an error of its kind; every engine proves
//! or refutes them unchanged, and a counterexample replays under UBSan,
//! which must report the same kind of fault at the same line. Every SAFE
//! is checked, every UNSAFE replayed (`common::check_answer`).

mod common;
use common::*;

const DIR: &str = "tests/data/overflow";

fn run(file: &str, level: &str, property: &str, expected: &str) -> serde_json::Value {
    let args = ["--opt", level, "--property", property, "--timeout", "30"];
    verify_expecting(&format!("{DIR}/{file}"), &args, expected)
}

/// The overflows, each found at -O0 and -O2 with its kind and line,
/// the replay's UBSan report of the same kind at the same line, and the
/// answer in SV-COMP's words; each SAFE twin (the guard that rules the
/// fault out) proved with a checked certificate.
#[test]
fn each_kind_of_overflow_is_found_and_its_guarded_twin_proved() {
    // (program, failure kind, line, UBSan's kind)
    let bugs = [
        ("loop_sum.c", "signed-overflow", 11, "signed-overflow"),
        ("shift.c", "shift", 8, "shift"),
        ("div.c", "division", 9, "division-overflow"),
    ];
    for level in ["O0", "O2"] {
        for (file, kind, line, ub) in bugs {
            let json = run(file, level, "overflow", "UNSAFE");
            let cex = &json["counterexample"];
            assert_eq!(
                (cex["failure"]["kind"].as_str(), cex["failure"]["at"]["line"].as_u64()),
                (Some(kind), Some(line)),
                "{file} {level}"
            );
            let found = &cex["undefined_behaviour"];
            assert_eq!(
                (found["kind"].as_str(), found["at"]["line"].as_u64()),
                (Some(ub), Some(line)),
                "{file} {level}: {found}"
            );
            assert_eq!(json["sv_verdict"], "false(no-overflow)", "{file} {level}");
            let twin = file.replace(".c", "_safe.c");
            let json = run(&twin, level, "overflow", "SAFE");
            assert_eq!(json["sv_verdict"], "true", "{twin} {level}");
            assert!(
                json["checks"].as_array().is_some_and(|c| c.iter().any(|k| k == kind)),
                "{twin}: {}",
                json["checks"]
            );
        }
    }
}

/// The inputs of the sum's counterexample overflow `int` in C's own
/// arithmetic: at most `n <= 3` non-negative numbers (the run stops at the
/// overflow) whose sum exceeds `INT_MAX` (checked here, not taken from the
/// report).
#[test]
fn the_sums_counterexample_overflows() {
    let json = run("loop_sum.c", "O2", "overflow", "UNSAFE");
    let stdin = json["counterexample"]["run"]["stdin"].as_str().expect("standard input").to_string();
    let numbers: Vec<i64> = stdin.split_whitespace().map(|w| w.parse().expect("a number")).collect();
    let (n, xs) = numbers.split_first().expect("n");
    assert!(*n <= 3 && xs.len() as i64 <= *n, "{stdin:?}");
    let sum: i64 = xs.iter().sum();
    assert!(xs.iter().all(|x| *x >= 0) && sum > i32::MAX as i64, "{stdin:?}");
}

/// `no-overflow` is SV-COMP's property: signed overflow only, so a shift
/// past the width is no error there, and no assertion is either; a list
/// of properties checks each (`assertions,no-overflow`).
#[test]
fn properties_combine_and_no_overflow_leaves_shifts_alone() {
    let json = run("shift.c", "O2", "no-overflow", "SAFE");
    assert_eq!(json["options"]["property"], "no-overflow");
    let json = run("assert_and_overflow.c", "O2", "assertions,no-overflow", "UNSAFE");
    let first = json["counterexample"]["failure"]["kind"].as_str().map(str::to_string);
    assert_eq!(json["options"]["property"], "assertions,no-overflow");
    let json = run("assert_and_overflow.c", "O2", "assertions", "SAFE");
    assert_eq!(json["sv_verdict"], "true");
    let json = run("assert_and_overflow.c", "O2", "no-overflow", "UNSAFE");
    assert_eq!(json["counterexample"]["failure"]["kind"], "signed-overflow");
    assert!(first.is_some_and(|k| k == "signed-overflow"), "the assertion holds; only the overflow fails");
}

/// IR given as it is must carry the checks: a module compiled without them
/// is refused with the flags to use (exit 2), one compiled with them is
/// verified.
#[test]
fn ir_without_the_checks_is_refused_with_the_flags_to_use() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.ll");
    let checked = dir.path().join("checked.ll");
    let src = format!("{DIR}/div.c");
    let clang = ufo::frontend::clang();
    let ok = std::process::Command::new(&clang)
        .args(["-S", "-emit-llvm", "-g", "-o"])
        .arg(&plain)
        .arg(&src)
        .status()
        .unwrap();
    assert!(ok.success());
    let checks = [
        "-fsanitize=signed-integer-overflow,shift,integer-divide-by-zero",
        "-fsanitize-trap=signed-integer-overflow,shift,integer-divide-by-zero",
    ];
    let ok = std::process::Command::new(&clang)
        .args(["-S", "-emit-llvm", "-g", "-Xclang", "-disable-O0-optnone"])
        .args(checks)
        .arg("-o")
        .arg(&checked)
        .arg(&src)
        .status()
        .unwrap();
    assert!(ok.success());
    let (code, json) = verify(&[plain.display().to_string()], &["--property", "overflow"]);
    assert_eq!(code, 2, "{json}");
    let msg = json["error"]["message"].as_str().unwrap_or_default().to_string();
    assert!(msg.contains("-fsanitize-trap=signed-integer-overflow,shift,integer-divide-by-zero"), "{json}");
    let (code, json) = verify(&[checked.display().to_string()], &["--property", "overflow", "--timeout", "30"]);
    assert_eq!(json["checks"], serde_json::json!(["division"]), "{json}");
    // IR has no C source to replay under UBSan: the answer is UNKNOWN
    // with that reason, never an unchecked UNSAFE
    assert_eq!(code, 20, "{json}");
    let reason = json["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("a division fault is replayed from the C source, which the input lacks"), "{reason}");
}
