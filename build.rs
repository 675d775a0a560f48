//! Finds the LLVM that ufo is built on (the one feature `llvm14` … `llvm19`;
//! `llvm-config-NN`) and the clang of the same version, and records their
//! versions so that `ufo --version` can print them. llvm-sys links the shared
//! libLLVM itself (feature `prefer-dynamic`): in the pass plugin that is the
//! library the host compiler has already loaded. It links the project's Z3
//! (`build-support/z3.rs`).

use std::process::Command;

include!("build-support/z3.rs");

/// The LLVM versions ufo builds on: (major, llvm-sys's version suffix).
const VERSIONS: [(&str, &str); 6] =
    [("14", "140"), ("15", "150"), ("16", "160"), ("17", "170"), ("18", "181"), ("19", "191")];

fn first_line(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8_lossy(&out.stdout).lines().next().map(|s| s.trim().to_string())
}

fn main() {
    let chosen: Vec<_> =
        VERSIONS.iter().filter(|(m, _)| std::env::var_os(format!("CARGO_FEATURE_LLVM{m}")).is_some()).collect();
    let &&(major, sys) = match chosen.as_slice() {
        [one] => one,
        _ => panic!(
            "choose exactly one LLVM feature (llvm14 … llvm19, default llvm19); for an older one build with \
             --no-default-features --features llvmNN"
        ),
    };
    let prefix_var = format!("LLVM_SYS_{sys}_PREFIX");
    println!("cargo:rerun-if-env-changed={prefix_var}");
    let prefix = std::env::var(&prefix_var).unwrap_or_else(|_| format!("/usr/lib/llvm-{major}"));
    let configs = [format!("{prefix}/bin/llvm-config"), format!("llvm-config-{major}")];
    let llvm = configs.iter().find_map(|c| first_line(c, &["--version"]));
    match &llvm {
        Some(v) if v.starts_with(&format!("{major}.")) => {}
        Some(v) => println!("cargo:warning=llvm-config reports LLVM {v}; this build needs LLVM {major}"),
        None => println!("cargo:warning=llvm-config-{major} not found; install llvm-{major}-dev (scripts/setup)"),
    }
    let clang =
        first_line(&format!("clang-{major}"), &["--version"]).unwrap_or_else(|| format!("clang-{major} not found"));
    println!("cargo:rustc-env=UFO_BUILD_CLANG={clang}");
    println!("cargo:rustc-env=UFO_BUILD_LLVM={}", llvm.unwrap_or_default());
    link_project_z3(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
}
