//! Legacy C as clang 14 took it (issue 55): a call to an undeclared
//! function, an implicit `int`, an integer or an incompatible function
//! assigned to a function pointer are errors since clang 16 and warnings
//! for ufo, which verifies such programs with a checked answer and lists
//! each relaxed diagnostic in the report; `--strict-c` refuses them with
//! clang's message.

mod common;
use common::{ufo, verify, verify_expecting};
use serde_json::Value;

fn file(name: &str) -> String {
    format!("llvm-tests/legacy/{name}")
}

/// The report's relaxed diagnostics as (diagnostic, line), in order.
fn relaxed(json: &Value) -> Vec<(String, u64)> {
    json["program"]["relaxed_diagnostics"]
        .as_array()
        .expect("the report lists relaxed diagnostics")
        .iter()
        .map(|d| (d["diagnostic"].as_str().unwrap().to_string(), d["line"].as_u64().unwrap()))
        .collect()
}

fn pairs(expected: &[(&str, u64)]) -> Vec<(String, u64)> {
    expected.iter().map(|(d, l)| (d.to_string(), *l)).collect()
}

#[test]
fn each_legacy_program_is_verified_with_its_checked_answer_and_what_was_relaxed() {
    // (program, verdict, relaxed diagnostics with their lines)
    type Case<'a> = (&'a str, &'a str, &'a [(&'a str, u64)]);
    let cases: [Case; 4] = [
        (
            "implicit_decl_unsafe.c",
            "UNSAFE",
            &[("implicit-function-declaration", 8), ("implicit-function-declaration", 11)],
        ),
        ("implicit_decl_safe.c", "SAFE", &[("implicit-function-declaration", 7)]),
        ("implicit_int_safe.c", "SAFE", &[("implicit-int", 5), ("implicit-int", 7), ("implicit-int", 7)]),
        ("int_to_fnptr_unsafe.c", "UNSAFE", &[("int-conversion", 14), ("incompatible-function-pointer-types", 15)]),
    ];
    let runs: Vec<(&str, &str)> = cases.iter().flat_map(|c| [(c.0, "O0"), (c.0, "O2")]).collect();
    let reports = common::par_map(&runs, |(name, opt)| {
        let (_, expected, _) = cases.iter().find(|c| c.0 == *name).unwrap();
        let args = ["--opt", opt, "--timeout", "60"];
        if (*name, *opt) == ("int_to_fnptr_unsafe.c", "O0") {
            // at -O0 the pointer made of an integer stays a value the memory
            // model does not follow: the dispatcher's comparisons with it are
            // nondeterministic and the model's path through an invalid pointer
            // does not replay (never a wrong answer)
            let (code, json) = verify(&[file(name)], &args);
            common::check_answer(expected, &json, code, name);
            return json;
        }
        verify_expecting(&file(name), &args, expected)
    });
    for ((name, opt), json) in runs.iter().zip(&reports) {
        let (_, _, diagnostics) = cases.iter().find(|c| c.0 == *name).unwrap();
        let mut seen = relaxed(json);
        seen.dedup();
        let mut want = pairs(diagnostics);
        want.dedup();
        assert_eq!(seen, want, "{name} {opt}: {:#}", json["program"]);
        let first = &json["program"]["relaxed_diagnostics"][0];
        assert_eq!(first["file"], file(name).as_str(), "{name}: the diagnostic names the file");
        let warned = json["warnings"].as_array().unwrap().iter().any(|w| {
            w.as_str().is_some_and(|w| w.contains("legacy C compiled as clang 14 did") && w.contains("--strict-c"))
        });
        assert!(warned, "{name} {opt}: the report warns: {:#}", json["warnings"]);
    }
    // the counterexample is the one the source has: clamp() returns 100
    let unsafe_decl = &reports[0];
    assert_eq!(unsafe_decl["counterexample"]["failure"]["condition"], "n != 100");
    // and the handler's bug is reached through the table (code 3)
    let fnptr = &reports[7];
    assert_eq!(fnptr["counterexample"]["inputs"][1]["value"], 3, "scanf reads 3: {:#}", fnptr["counterexample"]);
}

#[test]
fn strict_c_refuses_legacy_c_with_clangs_message() {
    for (name, message) in [
        ("implicit_decl_unsafe.c", "call to undeclared function '__VERIFIER_nondet_int'"),
        ("implicit_int_safe.c", "type specifier missing, defaults to 'int'"),
        ("int_to_fnptr_unsafe.c", "14:13: error: incompatible integer to pointer conversion"),
    ] {
        let (code, json) = verify(&[file(name)], &["--strict-c"]);
        assert_eq!((code, json["verdict"].as_str()), (2, Some("ERROR")), "{name}: {json:#}");
        let error = json["error"]["message"].as_str().unwrap_or_default();
        assert!(error.contains(message), "{name}: {json:#}");
        assert_eq!(json["error"]["file"], file(name).as_str(), "{name}");
    }
    // a program without legacy C is the same with and without --strict-c
    let (code, json) = verify(&["llvm-tests/c/sum_assert_unsafe.c".to_string()], &["--strict-c"]);
    assert_eq!((code, json["verdict"].as_str()), (10, Some("UNSAFE")));
    assert_eq!(json["program"]["relaxed_diagnostics"], serde_json::json!([]));
}

#[test]
fn the_text_report_says_what_was_relaxed_and_ufo_cc_verifies_legacy_c() {
    let (code, text, _) = ufo(&["verify", &file("implicit_decl_safe.c")]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("legacy C compiled as clang 14 did: llvm-tests/legacy/implicit_decl_safe.c:7:"), "{text}");
    // `ufo cc` in a build that keeps legacy C a warning (the user's compiler
    // needs the flag since clang 16; ufo's own compile relaxes it anyway)
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ufo"))
        .args(["cc", "-O2", "-c", "-Wno-error=implicit-function-declaration", "implicit_decl_unsafe.c", "-o"])
        .arg(dir.path().join("u.o"))
        .current_dir(common::root().join("llvm-tests/legacy"))
        .env_remove("UFO_OPTIONS")
        .env_remove("UFO_CC")
        .env_remove("UFO_CLANG")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("implicit_decl_unsafe.c:13:3: warning: assertion `n != 100` fails [ufo]"), "{err}");
    assert!(dir.path().join("u.o").exists(), "the object is built");
}

/// A function the program calls and nothing defines (HOLA's `unknown1()`)
/// is the environment's: its results are inputs (`external` in the
/// report), the replay defines it to return them, and the harness written
/// for the user does too, at -O0 and -O2; its safe twin is proved. A C
/// library function's result is no such input: the model's value of
/// `getpid()` is not a run's, and the answer is never UNSAFE.
#[test]
fn a_function_defined_nowhere_is_an_input_of_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    for opt in ["O0", "O2"] {
        let h = dir.path().join(format!("harness-{opt}.c"));
        let args = ["--opt", opt, "--timeout", "60", "--harness", h.to_str().unwrap()];
        let json = verify_expecting(&file("hola_unknown_unsafe.c"), &args, "UNSAFE");
        let cex = &json["counterexample"];
        assert_eq!(cex["failure"]["at"]["line"], 15, "{opt}: the second check: {cex:#}");
        let inputs = cex["inputs"].as_array().unwrap();
        assert_eq!(inputs.len(), 4, "{opt}: three iterations and the exit: {cex:#}");
        for (k, i) in inputs.iter().enumerate() {
            assert_eq!(i["source"], serde_json::json!({"kind": "external", "function": "unknown1", "bits": 32}));
            assert_eq!(i["value"] == 0, k == 3, "{opt}: nonzero three times, then 0: {cex:#}");
        }
        let harness = std::fs::read_to_string(&h).unwrap();
        assert!(harness.contains("int unknown1() { return (int)ufo_next(\"unknown1\"); }"), "{harness}");
        let json = verify_expecting(&file("hola_unknown_safe.c"), &["--opt", opt, "--timeout", "60"], "SAFE");
        assert!(json["warnings"].to_string().contains("function 'unknown1' is declared and defined nowhere"));
    }
    let library = dir.path().join("library.c");
    std::fs::write(
        &library,
        "#include <unistd.h>\nextern void reach_error(void);\nint main(void) {\n  if (getpid() == 1)\n    reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let (code, json) = verify(&[library.to_string_lossy().into_owned()], &["--opt", "O0", "--timeout", "20"]);
    assert_eq!((code, json["verdict"].as_str()), (20, Some("UNKNOWN")), "{json:#}");
    assert!(json["reason"].as_str().unwrap().contains("did not replay"), "{json:#}");
}
