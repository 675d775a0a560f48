//! Strings (issue 49): the characters of `argv` as byte arrays the
//! counterexample shows and the replay passes, and the C library's
//! `string.h` as models linked into the program (`src/frontend/models/libc.c`),
//! at -O0 and -O2 with the default portfolio; every SAFE is checked, every
//! UNSAFE replayed on the real program and C library.

mod common;
use common::*;

const DIR: &str = "tests/data/strings";

/// The default portfolio on `file` at `level`: the verdict, checked (a SAFE
/// has its certificate, an UNSAFE replayed), and the report.
fn run(file: &str, level: &str, expected: &str) -> serde_json::Value {
    let (code, json) = verify(&[format!("{DIR}/{file}")], &["--opt", level, "--timeout", "60"]);
    let verdict = check_answer(expected, &json, code, &format!("{file} at {level}"));
    assert_eq!(verdict, expected, "{file} at {level}: {}", json["reason"]);
    json
}

/// The arguments the replay passed.
fn args(json: &serde_json::Value) -> Vec<String> {
    let args = json["counterexample"]["run"]["args"].as_array().expect("the run's arguments");
    args.iter().map(|a| a.as_str().unwrap_or_default().to_string()).collect()
}

/// `argv[1][0] == 'x' && argv[1][1] == '\0'`: the bug is found, the run is
/// `./program x`, and it replays (before the bytes were modelled, the
/// argument was an arbitrary `a` and the replay missed the error). Its
/// usage message (`fprintf` to `stderr`) writes no memory ufo follows: no
/// warning.
#[test]
fn a_character_of_argv_is_an_input_the_replay_passes() {
    for level in ["O0", "O2"] {
        let json = run("argv_char_bug.c", level, "UNSAFE");
        assert_eq!(args(&json), ["x"], "{level}");
        assert_eq!(json["warnings"], serde_json::json!([]), "{level}");
        let bytes =
            json["counterexample"]["inputs"].as_array().unwrap().iter().filter(|i| i["source"]["kind"] == "argv_byte");
        assert!(bytes.count() >= 2, "{level}: the bytes are the trace's inputs");
    }
}

/// `strcmp(argv[1], "boom") == 0` through the model of `strcmp`: the run is
/// `./program boom`; with the string proved equal, its bytes and length are
/// what the program asserts (SAFE, checked).
#[test]
fn strcmp_of_an_argument_finds_the_word_and_proves_what_follows() {
    for level in ["O0", "O2"] {
        let json = run("argv_strcmp_bug.c", level, "UNSAFE");
        assert_eq!(args(&json).first().map(String::as_str), Some("boom"), "{level}");
        run("argv_strcmp_safe.c", level, "SAFE");
    }
}

/// A loop over the arguments (`argv[i]` for a variable `i`): counting the
/// options that start with `-` stays below `argc` (SAFE), and two `-v`
/// options are found (`./program -v.. -v..`, replayed).
#[test]
fn a_loop_over_the_arguments_is_proved_and_its_bug_found() {
    for level in ["O0", "O2"] {
        run("argv_options_safe.c", level, "SAFE");
        let json = run("argv_options_bug.c", level, "UNSAFE");
        let args = args(&json);
        assert!(args.len() >= 2 && args.iter().filter(|a| a.starts_with("-v")).count() >= 2, "{level}: {args:?}");
    }
}

/// `while (argv[n]) n++` counts the arguments: the model's table has rows
/// for a few of them, and `argv[k]` past those is a string too (not NULL:
/// only `argv[argc]` is), so five arguments reach the error.
#[test]
fn counting_the_arguments_up_to_null_is_not_bounded_by_the_model() {
    for level in ["O0", "O2"] {
        let json = run("argv_count_bug.c", level, "UNSAFE");
        assert!(args(&json).len() >= 5, "{level}: {:?}", args(&json));
    }
}

/// `strcmp` compares bytes as `unsigned char`: a program that orders two
/// arguments by their first `char` (signed) and asserts `strcmp`'s sign has
/// a bug for a byte above 127 (ufo found it in a program written here as a
/// safe one), replayed on the real C library.
#[test]
fn strcmp_compares_unsigned_bytes() {
    for level in ["O0", "O2"] {
        run("signed_char_bug.c", level, "UNSAFE");
    }
}

/// Only the sign of `strcmp`'s result is the C library's promise: the model
/// returns any value of that sign, so a program that asserts it is `-1`
/// is never proved (glibc returns the bytes' difference here, and the
/// replay shows it).
#[test]
fn a_program_relying_on_strcmp_returning_minus_one_is_not_proved() {
    for level in ["O0", "O2"] {
        let (code, json) = verify(&[format!("{DIR}/strcmp_sign_bug.c")], &["--opt", level, "--timeout", "60"]);
        let verdict = check_answer("UNSAFE", &json, code, &format!("strcmp_sign_bug.c at {level}"));
        assert_ne!(verdict, "SAFE", "{level}");
    }
}

/// string.h on a buffer the program fills from a literal (`strcpy`, then
/// `strlen`, `strcmp`, `strchr`): SAFE at -O0; the bug of its mutation is
/// found at -O0 and -O2. (At -O2 clang writes the literal as one 4-byte
/// store, which the memory model, one width per region, does not follow
/// into the bytes the models read: the safe program is UNKNOWN there.)
#[test]
fn string_functions_on_a_filled_buffer() {
    run("literal_copy_safe.c", "O0", "SAFE");
    for level in ["O0", "O2"] {
        run("literal_copy_bug.c", level, "UNSAFE");
    }
}

/// `printf("abc%n", &x)` writes 3 into `x`: an output function with a `%n`
/// conversion (or a format that is not a constant) may write through its
/// pointer arguments, so the bug after it is found (it was SAFE, wrongly).
#[test]
fn printf_with_percent_n_writes_its_argument() {
    for level in ["O0", "O2"] {
        run("printf_percent_n_bug.c", level, "UNSAFE");
    }
}
