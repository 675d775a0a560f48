//! Clean failures and exit codes: bad input is one line naming the file (and
//! the source line when known) with exit code 2, an unsupported feature is
//! UNKNOWN with exit code 20; never a panic or a backtrace.

mod common;
use common::{root, ufo};

fn assert_clean(code: i32, expected_code: i32, stderr: &str, must_contain: &[&str]) {
    assert_eq!(code, expected_code, "stderr: {stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE") && !stderr.contains("internal error"),
        "panic: {stderr}"
    );
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.starts_with("warning:")).collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    for m in must_contain {
        assert!(lines[0].contains(m), "'{}' should contain '{m}'", lines[0]);
    }
}

#[test]
fn missing_file() {
    let (code, _, err) = ufo(&["verify", "llvm-tests/no-such-file.c"]);
    assert_clean(code, 2, &err, &["llvm-tests/no-such-file.c", "no such file"]);
}

#[test]
fn unknown_extension() {
    let (code, _, err) = ufo(&["verify", "Cargo.toml"]);
    assert_clean(code, 2, &err, &["Cargo.toml", "unknown file type"]);
}

#[test]
fn random_bytes_bitcode() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("random.bc");
    let mut seed = 7u64;
    let bytes: Vec<u8> = (0..4096)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            (seed >> 56) as u8
        })
        .collect();
    std::fs::write(&f, bytes).unwrap();
    let (code, _, err) = ufo(&["verify", f.to_str().unwrap()]);
    assert_clean(code, 2, &err, &["random.bc", "not valid LLVM bitcode"]);
}

#[test]
fn truncated_bitcode() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.bc");
    let status = std::process::Command::new("clang-19")
        .args(["-c", "-emit-llvm", "-o"])
        .arg(&full)
        .arg(root().join("llvm-tests/fig1_safe.c"))
        .status()
        .unwrap();
    assert!(status.success());
    let bytes = std::fs::read(&full).unwrap();
    let cut = dir.path().join("truncated.bc");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let (code, _, err) = ufo(&["verify", cut.to_str().unwrap()]);
    assert_clean(code, 2, &err, &["truncated.bc"]);
    // the whole file works, as bitcode input
    let (code, out, _) = ufo(&["verify", full.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn ll_syntax_error_names_the_line() {
    let (code, _, err) = ufo(&["verify", "llvm-tests/bad/syntax_error.ll"]);
    assert_clean(code, 2, &err, &["syntax_error.ll", "invalid LLVM IR", ":3:"]);
}

#[test]
fn c_that_does_not_compile() {
    let (code, _, err) = ufo(&["verify", "llvm-tests/bad/does_not_compile.c"]);
    assert_clean(code, 2, &err, &["does_not_compile.c", "does not compile"]);
}

#[test]
fn floating_point_vectors_are_unknown_with_source_line() {
    let (code, out, err) = ufo(&["verify", "llvm-tests/bad/float_vector.c", "--opt", "O0"]);
    assert_clean(code, 20, &err, &["float_vector.c:5", "floating-point vectors"]);
    assert!(out.starts_with("UNKNOWN"), "{out}");
}

#[test]
fn inline_assembly_is_unknown_with_source_line() {
    let (code, _, err) = ufo(&["verify", "llvm-tests/bad/asm.c"]);
    assert_clean(code, 20, &err, &["asm.c:5", "inline assembly"]);
}

#[test]
fn accumulator_recursion_becomes_a_loop_and_a_variadic_pointer_call_is_unknown() {
    let (code, out, _) = ufo(&["verify", "llvm-tests/bad/recursion.c", "--opt", "O0"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("SAFE") && out.contains("in f()"), "an invariant of f's loop: {out}");
    let (code, _, err) = ufo(&["verify", "llvm-tests/bad/variadic_pointer.c", "--opt", "O0"]);
    assert_clean(code, 20, &err, &["variadic_pointer.c:7", "indirect call through a function pointer"]);
}

#[test]
fn missing_entry_function() {
    let (code, _, err) = ufo(&["verify", "llvm-tests/bad/no_main.c"]);
    assert_clean(code, 2, &err, &["no_main.c", "entry function 'main' not found"]);
    // --entry names another function: then it is verified
    let (code, out, _) = ufo(&["verify", "llvm-tests/bad/no_main.c", "--entry", "helper", "--opt", "O0"]);
    assert_eq!(code, 10, "helper(3) reaches the error: {out}");
}

#[test]
fn usage_errors_exit_2() {
    let (code, _, err) = ufo(&["verify", "llvm-tests/fig1_safe.c", "--opt", "O7"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = ufo(&["frobnicate"]);
    assert_eq!(code, 2);
}

/// `ufo verify --json ARGS`: the one JSON object it prints, validated against
/// docs/report.schema.json, and the exit code.
fn json_of(args: &[&str]) -> (i32, serde_json::Value, String) {
    let mut all = vec!["verify", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = ufo(&all);
    let json: serde_json::Value =
        serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{args:?}: not one JSON object ({e}): {out}"));
    common::assert_valid("docs/report.schema.json", &json, &format!("{args:?}"));
    if json.get("error").is_some() {
        assert_eq!(json["exit_code"].as_i64(), Some(code as i64), "{json:#}");
    }
    (code, json, err)
}

#[test]
fn with_json_every_error_is_one_json_object_naming_the_file_and_line() {
    let (code, j, err) = json_of(&["llvm-tests/no-such-file.c"]);
    assert_clean(code, 2, &err, &["no such file"]);
    assert_eq!((j["verdict"].as_str(), j["error"]["kind"].as_str()), (Some("ERROR"), Some("input")), "{j:#}");
    assert_eq!(j["error"]["file"], "llvm-tests/no-such-file.c");
    let (code, j, _) = json_of(&["llvm-tests/bad/does_not_compile.c"]);
    assert_eq!((code, j["error"]["kind"].as_str()), (2, Some("input")), "{j:#}");
    assert!(j["reason"].as_str().unwrap().contains("does not compile"), "{j:#}");
    let (code, j, _) = json_of(&["llvm-tests/bad/float_vector.c", "--opt", "O0"]);
    assert_eq!((code, j["verdict"].as_str(), j["error"]["kind"].as_str()), (20, Some("UNKNOWN"), Some("unsupported")));
    assert_eq!(
        (j["error"]["line"].as_i64(), j["error"]["message"].as_str()),
        (Some(5), Some("floating-point vectors and aggregates")),
        "{j:#}"
    );
    assert!(j["error"]["file"].as_str().unwrap().ends_with("float_vector.c"), "{j:#}");
    let (code, j, _) = json_of(&["llvm-tests/bad/no_main.c"]);
    assert_eq!((code, j["error"]["kind"].as_str()), (2, Some("no-entry")), "{j:#}");
    let (code, j, _) = json_of(&["llvm-tests/fig1_safe.c", "--opt", "O7"]);
    assert_eq!((code, j["error"]["kind"].as_str()), (2, Some("usage")), "{j:#}");
    assert!(j["reason"].as_str().unwrap().contains("O7"), "{j:#}");
    // an answer is still the report, not the error form
    let (code, j, _) = json_of(&["llvm-tests/fig1_safe.c", "--opt", "O0"]);
    assert_eq!((code, j["verdict"].as_str()), (0, Some("SAFE")));
    assert!(j.get("error").is_none());
}

#[test]
fn version_names_llvm_and_z3() {
    let (code, out, _) = ufo(&["--version"]);
    assert_eq!(code, 0);
    // The Z3 release pinned in .cargo/config.toml, not the system's.
    let z3 = format!("Z3 {}.", env!("Z3_SYS_Z3_VERSION"));
    assert!(out.contains("LLVM 19.") && out.contains(&z3), "{out}");
}

#[test]
fn exit_codes_of_verdicts() {
    assert_eq!(ufo(&["verify", "llvm-tests/fig1_safe.c"]).0, 0);
    assert_eq!(ufo(&["verify", "llvm-tests/fig1_unsafe.c"]).0, 10);
    // BMC proves safety only with a complete unrolling: at -O0 the loop has
    // no bound (UNKNOWN); at -O2 clang proved the check and no path is left
    let (code, out, _) = ufo(&["verify", "llvm-tests/fig1_safe.c", "--engine", "bmc", "--bound", "10", "--opt", "O0"]);
    assert_eq!(code, 20, "{out}");
    assert!(out.contains("no error within 10 steps"), "{out}");
    let (code, out, _) = ufo(&["verify", "llvm-tests/fig1_safe.c", "--engine", "bmc", "--bound", "10"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("proof: a complete unrolling: no execution reaches the error within 11 steps"), "{out}");
}

#[test]
fn timeout_gives_unknown_with_statistics() {
    let (code, out, _) =
        ufo(&["verify", "llvm-tests/sum_safe.c", "--opt", "O0", "--engine", "ufo", "--timeout", "2", "--stats"]);
    assert_eq!(code, 20, "{out}");
    assert!(out.contains("UNKNOWN (timeout)"), "{out}");
    assert!(out.contains("iterations="), "partial statistics are printed: {out}");
}

#[test]
fn cfg_prints_wto_and_loop_heads() {
    let (code, out, _) = ufo(&["cfg", "llvm-tests/fig1_safe.c", "--opt", "O0"]);
    assert_eq!(code, 0);
    assert!(out.contains("WTO: entry (while.cond while.body"), "{out}");
    assert!(out.contains("while.cond [loop head]"), "{out}");
    let (code, dot, _) = ufo(&["cfg", "llvm-tests/fig1_safe.c", "--opt", "O0", "--dot"]);
    assert_eq!(code, 0);
    assert!(dot.starts_with("digraph") && dot.contains("peripheries=2") && dot.contains("-> n"), "{dot}");
}

#[test]
fn harness_file_is_written_and_replays_the_bug() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.c");
    let (code, _, _) = ufo(&["verify", "llvm-tests/fig1_unsafe.c", "--opt", "O0", "--harness", h.to_str().unwrap()]);
    assert_eq!(code, 10);
    let text = std::fs::read_to_string(&h).unwrap();
    assert!(text.contains("__VERIFIER_nondet_int") && text.contains("ufo_values"), "{text}");
    // compile the harness with the program ourselves and run it
    let obj = dir.path().join("p.o");
    let st = std::process::Command::new("clang-19")
        .args(["-c", "-w", "-o"])
        .arg(&obj)
        .arg(root().join("llvm-tests/fig1_unsafe.c"))
        .status()
        .unwrap();
    assert!(st.success());
    let exe = dir.path().join("exe");
    let st = std::process::Command::new("clang-19").args(["-w", "-o"]).arg(&exe).arg(&h).arg(&obj).status().unwrap();
    assert!(st.success());
    let run = std::process::Command::new(&exe).output().unwrap();
    assert_eq!(run.status.code(), Some(77));
    assert!(String::from_utf8_lossy(&run.stdout).contains("reach_error() reached"));
}
