//! Floating point (issue 50, first step): a program with `float` or
//! `double` values is verified, not refused. A float is its IEEE-754 bits
//! (an integer of its width); negation, `fabs`, constants and casts of the
//! bits are exact, every other operation gives any value of its type, so a
//! proof that does not read a float is found and a bug is reported only
//! when the real program replays it. Every SAFE is checked, every UNSAFE
//! replayed (`common::check_answer`).

mod common;
use common::*;

const DIR: &str = "tests/data/floats";

fn run(file: &str, level: &str, expected: &str) -> serde_json::Value {
    let (code, json) = verify(&[format!("{DIR}/{file}")], &["--opt", level, "--timeout", "30"]);
    let verdict = check_answer(expected, &json, code, &format!("{file} at {level}"));
    assert_eq!(verdict, expected, "{file} at {level}: {}", json["reason"]);
    json
}

/// The program: `double avg = n / 2.0` printed, and an assertion
/// over integers only: SAFE with a checked invariant (it was "unsupported:
/// floating point"); the report counts the operations it over-approximated.
#[test]
fn a_double_the_assertion_does_not_read_blocks_no_proof() {
    for level in ["O0", "O2"] {
        let json = run("average_safe.c", level, "SAFE");
        let ops = json["approximations"]["translation"]["float_ops"].as_u64();
        assert!(ops.is_some_and(|n| n >= 1), "{level}: the division is over-approximated: {ops:?}");
    }
}

/// `x > 0 && x * x < 0` never holds: at -O2 LLVM folds it (a square's sign
/// bit is clear), at -O0 the product is any value and the engines' paths
/// to the assertion do not replay: never UNSAFE.
#[test]
fn an_over_approximated_float_never_makes_a_bug() {
    let (code, json) = verify(&[format!("{DIR}/square_never_negative.c")], &["--opt", "O0", "--timeout", "20"]);
    assert_eq!(check_answer("SAFE", &json, code, "square at O0"), "UNKNOWN", "{}", json["reason"]);
    assert!(json["reason"].as_str().unwrap_or_default().contains("did not replay"), "{}", json["reason"]);
    run("square_never_negative.c", "O2", "SAFE");
}

/// The bits of `-x` are `x`'s with the sign flipped, exactly: `x = -1.0`
/// is found, and the harness returns a double and a float from their bits
/// (the JIT's replay, and the C harness a user links with the program).
#[test]
fn negation_is_exact_and_the_harness_returns_floats_from_their_bits() {
    for level in ["O0", "O2"] {
        let json = run("negated_bits_bug.c", level, "UNSAFE");
        let inputs = json["counterexample"]["inputs"].as_array().expect("inputs");
        let values: Vec<i64> = inputs.iter().filter_map(|i| i["value"].as_i64()).collect();
        assert_eq!(values.len(), 2, "{level}: {inputs:?}");
        assert_eq!(f64::from_bits(values[0] as u64), -1.0, "{level}");
        assert_eq!(f32::from_bits(values[1] as u32), std::f32::consts::PI, "{level}");
    }
    let dir = tempfile::tempdir().unwrap();
    let (h, exe) = (dir.path().join("harness.c"), dir.path().join("program"));
    let file = format!("{DIR}/negated_bits_bug.c");
    let (code, _, err) = ufo(&["verify", &file, "--harness", h.to_str().unwrap()]);
    assert_eq!(code, 10, "{err}");
    let text = std::fs::read_to_string(&h).unwrap();
    assert!(text.contains("double __VERIFIER_nondet_double(void)"), "{text}");
    let clang = std::env::var("UFO_CLANG").unwrap_or_else(|_| "clang-19".into());
    let built = std::process::Command::new(clang).arg("-o").arg(&exe).arg(&h).arg(&file).status().unwrap();
    assert!(built.success());
    let out = std::process::Command::new(&exe).output().unwrap();
    assert!(!out.status.success(), "the harness's values reach the assertion: {out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("Assertion"), "{out:?}");
}

/// Memory holding floats is modelled, each cell a float's bits: an `int`
/// field beside a `double` field is followed (SAFE; before, the region was
/// not modelled and the answer UNKNOWN), a constant table of doubles keeps
/// its bits (the entry 2.0 found at index 2, replayed), and a pointer in a
/// global struct beside a double points into the global it names (its
/// store found; before, the initializer was not followed and the bug
/// program was SAFE at -O0: a wrong answer).
#[test]
fn memory_holding_floats_is_modelled_with_their_bits() {
    for level in ["O0", "O2"] {
        run("struct_fields_safe.c", level, "SAFE");
        let json = run("table_bits_bug.c", level, "UNSAFE");
        let inputs = json["counterexample"]["inputs"].as_array().expect("inputs");
        assert_eq!(inputs[0]["value"].as_i64(), Some(2), "{level}: {inputs:?}");
        run("global_pointer_beside_double_safe.c", level, "SAFE");
        run("global_pointer_beside_double_bug.c", level, "UNSAFE");
    }
}
