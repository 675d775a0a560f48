//! Finds the LLVM that ufo is built on (`llvm-config-19`, or `llvm-config-14`
//! with the feature `llvm14`) and the clang of the same version, and records
//! their versions so that `ufo --version` can print them. llvm-sys links the
//! shared libLLVM itself (feature `prefer-dynamic`): in the pass plugin that is
//! the library the host compiler has already loaded.

use std::process::Command;

fn first_line(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8_lossy(&out.stdout).lines().next().map(|s| s.trim().to_string())
}

fn main() {
    let major = if std::env::var_os("CARGO_FEATURE_LLVM14").is_some() { "14" } else { "19" };
    let prefix_var = if major == "14" { "LLVM_SYS_140_PREFIX" } else { "LLVM_SYS_191_PREFIX" };
    println!("cargo:rerun-if-env-changed={prefix_var}");
    let prefix = std::env::var(prefix_var).unwrap_or_else(|_| format!("/usr/lib/llvm-{major}"));
    let configs = [format!("{prefix}/bin/llvm-config"), format!("llvm-config-{major}")];
    let llvm = configs.iter().find_map(|c| first_line(c, &["--version"]));
    match &llvm {
        Some(v) if v.starts_with(&format!("{major}.")) => {}
        Some(v) => println!("cargo:warning=llvm-config reports LLVM {v}; this build needs LLVM {major}"),
        None => println!("cargo:warning=llvm-config-{major} not found; install llvm-{major}-dev (scripts/setup)"),
    }
    let clang = first_line(&format!("clang-{major}"), &["--version"])
        .unwrap_or_else(|| format!("clang-{major} not found"));
    println!("cargo:rustc-env=UFO_BUILD_CLANG={clang}");
    println!("cargo:rustc-env=UFO_BUILD_LLVM={}", llvm.unwrap_or_default());
    println!("cargo:rustc-env=UFO_BUILD_LLVM_MAJOR={major}");
}
