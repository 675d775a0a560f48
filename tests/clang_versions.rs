//! ufo on LLVM 19 reads what clang 14, 16 and 19 write (issue 16): one program
//! per verdict, compiled by each clang at -O0 and -O2, as bitcode and as
//! textual IR, gets the same checked verdict each time (SAFE with an accepted
//! certificate, UNSAFE with a replayed trace), and the report names the clang
//! that wrote the module. A module from an LLVM newer than ufo's is refused in
//! one line that names both versions.

mod common;
use common::{root, ufo};
use std::path::{Path, PathBuf};
use std::process::Command;

const CLANGS: [u32; 3] = [14, 16, 19];

/// `clang-V -c -emit-llvm -g OPT SRC` into `dir`, as `.bc` or (with `-S`) `.ll`.
fn compile(v: u32, opt: &str, src: &str, textual: bool, dir: &Path) -> PathBuf {
    let stem = Path::new(src).file_stem().unwrap().to_string_lossy().into_owned();
    let out = dir.join(format!("{stem}-clang{v}{opt}.{}", if textual { "ll" } else { "bc" }));
    let mut cmd = Command::new(format!("clang-{v}"));
    cmd.args(["-c", "-emit-llvm", "-g", opt]);
    if textual {
        cmd.arg("-S");
    }
    let st = cmd.arg("-o").arg(&out).arg(root().join(src)).status().expect("clang runs (scripts/setup installs it)");
    assert!(st.success(), "clang-{v} {opt} {src}");
    out
}

fn verify_json(file: &Path) -> (i32, serde_json::Value) {
    // --opt O0: the module is verified as that clang optimized it.
    let (code, out, err) = ufo(&["verify", "--json", "--opt", "O0", "--timeout", "60", file.to_str().unwrap()]);
    let json = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{}: {e}\n{out}\n{err}", file.display()));
    (code, json)
}

/// Every clang, level and format: the same verdict, checked.
fn same_checked_verdict(src: &str, verdict: &str) {
    let dir = tempfile::tempdir().unwrap();
    for v in CLANGS {
        for opt in ["-O0", "-O2"] {
            for textual in [false, true] {
                let f = compile(v, opt, src, textual, dir.path());
                let (code, json) = verify_json(&f);
                let what = format!("{} ({code}): {json:#}", f.display());
                assert_eq!(json["verdict"].as_str(), Some(verdict), "{what}");
                match verdict {
                    "SAFE" => {
                        assert_eq!(code, 0, "{what}");
                        // SAFE only with a certificate the independent check accepted.
                        assert!(json["certificate"]["locations"].is_array(), "{what}");
                        if opt == "-O0" {
                            let inv = &json["certificate"]["loop_invariants"];
                            assert!(inv.as_array().is_some_and(|a| !a.is_empty()), "a loop needs an invariant: {what}");
                        }
                    }
                    _ => {
                        assert_eq!(code, 10, "{what}");
                        assert_eq!(json["counterexample"]["replay"]["reached"], true, "{what}");
                    }
                }
                let producer = json["module"]["producer"].as_str().unwrap_or_default();
                assert!(producer.contains(&format!("clang version {v}.")), "{what}");
                assert_eq!(
                    json["module"]["producer_llvm"].as_str().and_then(|p| p.split('.').next()),
                    Some(&*v.to_string())
                );
                assert!(json["module"]["reader_llvm"].as_str().unwrap_or_default().starts_with("19."), "{what}");
            }
        }
    }
}

#[test]
fn an_unsafe_assert_program_replays_from_every_clang() {
    same_checked_verdict("llvm-tests/c/sum_assert_unsafe.c", "UNSAFE");
}

/// (Its check survives every clang's -O2; fig1_safe's does not: clang -O2
/// proves it and deletes the call, leaving nothing to check.)
#[test]
fn a_safe_loop_is_proved_from_every_clang() {
    same_checked_verdict("llvm-tests/verifier_assert_safe.c", "SAFE");
}

#[test]
fn an_unsafe_loop_replays_from_every_clang() {
    same_checked_verdict("llvm-tests/fig1_unsafe.c", "UNSAFE");
}

/// Textual IR of a future LLVM: its ident names clang 29 and it uses an
/// instruction LLVM 19 does not know. The message names both versions.
#[test]
fn textual_ir_of_a_newer_llvm_is_refused_naming_both_versions() {
    let dir = tempfile::tempdir().unwrap();
    let ll = compile(19, "-O0", "llvm-tests/fig1_safe.c", true, dir.path());
    let text = std::fs::read_to_string(&ll).unwrap();
    assert!(text.contains("clang version 19."), "{text}");
    let future = text.replace("clang version 19.", "clang version 29.").replacen(
        "  ret i32",
        "  frobnicate i32 0\n  ret i32",
        1,
    );
    let f = dir.path().join("future.ll");
    std::fs::write(&f, future).unwrap();
    let (code, out, err) = ufo(&["verify", f.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("future.ll: invalid LLVM IR: written by LLVM 29.1."), "{err}");
    assert!(err.contains("newer than ufo's LLVM 19."), "{err}");
}

/// Bitcode of a future LLVM: clang 29's ident, and a body this LLVM cannot
/// read (cut short, as an unknown record would leave it).
#[test]
fn bitcode_of_a_newer_llvm_is_refused_naming_both_versions() {
    let dir = tempfile::tempdir().unwrap();
    let bc = compile(19, "-O0", "llvm-tests/fig1_safe.c", false, dir.path());
    let mut bytes = std::fs::read(&bc).unwrap();
    let needle = b"clang version 19.";
    let at = bytes.windows(needle.len()).position(|w| w == needle).expect("the ident is in the bitcode");
    bytes[at + needle.len() - 3..at + needle.len() - 1].copy_from_slice(b"29");
    bytes.truncate(bytes.len() * 3 / 4);
    assert!(bytes.len() > at + needle.len(), "the cut keeps the ident");
    let f = dir.path().join("future.bc");
    std::fs::write(&f, &bytes).unwrap();
    let (code, out, err) = ufo(&["verify", f.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("future.bc: not valid LLVM bitcode: written by LLVM 29.1."), "{err}");
    assert!(err.contains("newer than ufo's LLVM 19."), "{err}");
    // The same damage in a module of an older LLVM is just damage.
    let mut old = std::fs::read(&bc).unwrap();
    old.truncate(old.len() * 3 / 4);
    std::fs::write(&f, &old).unwrap();
    let (code, _, err) = ufo(&["verify", f.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not valid LLVM bitcode") && !err.contains("newer"), "{err}");
}
