//! Floating point (issue 50): a program with `float` or `double` values is
//! verified, not refused. A float is its IEEE-754 bits (an integer of its
//! width); negation, `fabs`, constants, casts of the bits and comparisons
//! are exact everywhere; arithmetic, conversions and the exact `math.h`
//! functions are exact under `--int bv` (Z3's floating point) and any value
//! elsewhere, with the facts that hold of every result (signs, NaN). So a
//! proof that does not read a float is found, one that needs only signs
//! too, and a float bug is found bit-precisely and replayed. Every SAFE is
//! checked, every UNSAFE replayed (`common::check_answer`).

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

/// `x > 0 && x * x < 0` never holds: the comparisons are exact and a
/// square's sign bit is clear unless it is NaN (a fact beside the
/// product): SAFE at both levels (before, -O0 was UNKNOWN).
#[test]
fn a_square_is_proved_never_negative() {
    for level in ["O0", "O2"] {
        run("square_never_negative.c", level, "SAFE");
    }
}

fn double(v: &serde_json::Value) -> f64 {
    f64::from_bits(v["value"].as_i64().expect("an input") as u64)
}

/// The float bugs, found with inputs that replay natively: `0.1 +
/// 0.2 != 0.3`, `(float)n / 3 * 3 != n`, a NaN failing both `x < 0` and
/// `x >= 0`, ten times `0.1` against `1.0`, `sqrt(x) * sqrt(x) != x`, and
/// `(int)d` of a `d` out of range, named as undefined behaviour.
#[test]
fn float_bugs_are_found_and_replay() {
    for level in ["O0", "O2"] {
        let json = run("point_three_bug.c", level, "UNSAFE");
        let inputs = json["counterexample"]["inputs"].as_array().expect("inputs");
        assert_eq!((double(&inputs[0]), double(&inputs[1])), (0.1, 0.2), "{level}");

        let json = run("third_times_three_bug.c", level, "UNSAFE");
        let n = json["counterexample"]["inputs"][0]["value"].as_i64().expect("n") as i32;
        assert_ne!((n as f32 / 3.0) * 3.0, n as f32, "{level}: n = {n} is no counterexample");

        let json = run("nan_comparison_bug.c", level, "UNSAFE");
        assert!(double(&json["counterexample"]["inputs"][0]).is_nan(), "{level}: {}", json["counterexample"]);

        let json = run("tenth_sum_bug.c", level, "UNSAFE");
        assert_eq!(json["counterexample"]["inputs"].as_array().map(Vec::len), Some(0), "{level}");

        let json = run("square_root_bug.c", level, "UNSAFE");
        let x = double(&json["counterexample"]["inputs"][0]);
        assert!((1.0..=4.0).contains(&x) && x.sqrt() * x.sqrt() != x, "{level}: x = {x}");

        let json = run("conversion_out_of_range_bug.c", level, "UNSAFE");
        let ub = &json["counterexample"]["undefined_behaviour"];
        assert_eq!(ub["kind"], "float-cast-overflow", "{level}: {ub}");
        assert_eq!(ub["at"]["line"], 11, "{level}: {ub}");
        assert!(ub["message"].as_str().unwrap_or_default().contains("type 'int'"), "{level}: {ub}");
    }
    // a witness constrains a double's result by its value, not its bits
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.yml");
    let (code, _, err) = ufo(&["verify", &format!("{DIR}/point_three_bug.c"), "--witness", w.to_str().unwrap()]);
    assert_eq!(code, 10, "{err}");
    let text = std::fs::read_to_string(&w).unwrap();
    assert!(text.contains("\\result == 0.1") && text.contains("\\result == 0.2"), "{text}");
}

/// `scanf("%lf %f")` reads a `double` and a `float`: the bug is found,
/// and the run's standard input is their text, exact enough to read back
/// the same bits; negative constants compare as C compares them (a
/// `float`'s constant is the signed value of its bits: before, `t <
/// -1.5f` was false for every `t`, a wrong SAFE).
#[test]
fn scanf_reads_floats_and_negative_constants_compare() {
    for level in ["O0", "O2"] {
        let json = run("scanf_double_bug.c", level, "UNSAFE");
        let stdin = json["counterexample"]["run"]["stdin"].as_str().expect("standard input").to_string();
        let mut words = stdin.split_whitespace();
        let x: f64 = words.next().and_then(|w| w.parse().ok()).expect(&stdin);
        let t: f32 = words.next().and_then(|w| w.parse().ok()).expect(&stdin);
        assert!(x > 100.5 && x < 100.75 && t < -1.5, "{level}: {stdin}");
        run("negative_constant_safe.c", level, "SAFE");
    }
}

/// A float that only grows from 0 is never negative: the facts of `x +
/// 1.5f` (two non-negative operands give a non-negative sum) make the loop
/// invariant, which prints as C over the float's bits (`*(int *)&x`, the
/// same claim in a witness; `(int)x` would convert the value).
#[test]
fn float_invariants_print_as_c_over_the_bits() {
    for level in ["O0", "O2"] {
        let json = run("float_loop_safe.c", level, "SAFE");
        let text = json["certificate"]["loop_invariants"].to_string();
        assert!(text.contains("*(int *)&x"), "{level}: {text}");
    }
}

/// A program that sets the rounding mode is not proved by the encoding's
/// rounding to nearest: `1.0 + 0x1p-60 == 1.0` holds to nearest, not
/// upwards (never SAFE; arithmetic under `fesetround` keeps only its facts,
/// and clang's constrained intrinsics under `FENV_ACCESS` are havocs).
#[test]
fn a_rounding_mode_the_program_sets_is_not_assumed_away() {
    for level in ["O0", "O2"] {
        let (code, json) = verify(&[format!("{DIR}/rounding_mode_unknown.c")], &["--opt", level, "--timeout", "20"]);
        let verdict = check_answer("UNSAFE", &json, code, level);
        assert_ne!(verdict, "SAFE", "{level}");
    }
}

/// Bounded model checking under `--int bv` encodes the floats exactly (Z3's
/// floating point, rounding to nearest): it finds the bugs itself, proves
/// the square safe by a complete unrolling, and the path it prints shows a
/// double's value as a C literal.
#[test]
fn bit_precise_bmc_decides_floats_exactly() {
    let bmc = ["--engine", "bmc", "--int", "bv", "--timeout", "60"];
    for (file, expected) in
        [("point_three_bug.c", "UNSAFE"), ("third_times_three_bug.c", "UNSAFE"), ("square_never_negative.c", "SAFE")]
    {
        let (code, json) = verify(&[format!("{DIR}/{file}")], &bmc);
        assert_eq!(check_answer(expected, &json, code, file), expected, "{file}: {}", json["reason"]);
    }
    let file = format!("{DIR}/square_root_bug.c");
    let (code, out, err) = ufo(&["verify", &file, "--engine", "bmc", "--int", "bv"]);
    assert_eq!(code, 10, "{out}{err}");
    let value = out.split("[x = ").nth(1).and_then(|t| t.split(']').next()).expect("x's value on the path");
    let x: f64 = value.parse().unwrap_or_else(|_| panic!("not a C literal: {value}"));
    assert!((1.0..=4.0).contains(&x) && x.sqrt() * x.sqrt() != x, "{out}");
}

/// `sqrt`, `floor` and `fmin` are exact under `bv` and keep their facts
/// elsewhere (a square root of a non-negative value is not negative; `fmin`
/// of a number and NaN is the number): SAFE at both levels. `sin` is any
/// value of [-1, 1] or NaN, and the warning names it.
#[test]
fn math_functions_are_exact_or_in_their_range() {
    for level in ["O0", "O2"] {
        run("library_safe.c", level, "SAFE");
        let json = run("math_range_safe.c", level, "SAFE");
        let warnings = json["warnings"].to_string();
        assert!(warnings.contains("math function 'sin'"), "{level}: {warnings}");
    }
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
