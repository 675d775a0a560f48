//! Compiles the C++ shims against the headers of the LLVM the plugin is built
//! for (feature `llvm19` or `llvm14`): `cpp/register.cc` registers the pass
//! with the new pass manager, `cpp/diagnostics.cc` emits ufo's answers through
//! LLVM's diagnostic handler (LLVM's C API can do neither).

use std::process::Command;

fn llvm_config(major: &str, arg: &str) -> String {
    let var = if major == "14" { "LLVM_SYS_140_PREFIX" } else { "LLVM_SYS_191_PREFIX" };
    let prefix = std::env::var(var).unwrap_or_else(|_| format!("/usr/lib/llvm-{major}"));
    let candidates = [format!("{prefix}/bin/llvm-config"), format!("llvm-config-{major}")];
    for c in &candidates {
        if let Ok(out) = Command::new(c).arg(arg).output() {
            if out.status.success() {
                return String::from_utf8_lossy(&out.stdout).trim().to_string();
            }
        }
    }
    panic!("llvm-config for LLVM {major} not found (apt-get install llvm-{major}-dev)");
}

fn main() {
    let major = if std::env::var_os("CARGO_FEATURE_LLVM14").is_some() { "14" } else { "19" };
    println!("cargo:rerun-if-changed=cpp/diagnostics.cc");
    println!("cargo:rerun-if-changed=cpp/register.cc");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_140_PREFIX");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .include(llvm_config(major, "--includedir"))
        .file("cpp/diagnostics.cc")
        .file("cpp/register.cc")
        .flag_if_supported("-std=c++17");
    if llvm_config(major, "--has-rtti") != "YES" {
        build.flag_if_supported("-fno-rtti");
    }
    build.warnings(false).compile("ufo-plugin-shims");
}
