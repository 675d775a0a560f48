//! Finds LLVM 14 (`llvm-config`) and clang-14, and records their versions so that
//! `ufo --version` can print them. Links the shared libLLVM-14 itself: the pass
//! plugin's dependencies build llvm-sys with `no-llvm-linking` (a plugin takes
//! LLVM from its host), and in a build of the whole workspace that feature
//! reaches the `ufo` binary too.

use std::process::Command;

fn first_line(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8_lossy(&out.stdout).lines().next().map(|s| s.trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-env-changed=LLVM_SYS_140_PREFIX");
    let llvm = ["llvm-config-14", "llvm-config"]
        .iter()
        .find_map(|c| first_line(c, &["--version"]).map(|v| (c.to_string(), v)));
    match &llvm {
        Some((_, v)) if v.starts_with("14.") => {}
        Some((c, v)) => println!("cargo:warning={c} reports LLVM {v}; ufo needs LLVM 14 (apt-get install llvm-14-dev)"),
        None => println!("cargo:warning=llvm-config-14 not found; install llvm-14-dev"),
    }
    let prefix = std::env::var("LLVM_SYS_140_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-14".into());
    let config = format!("{prefix}/bin/llvm-config");
    if let Some(libdir) = first_line(&config, &["--libdir"]).or_else(|| first_line("llvm-config-14", &["--libdir"])) {
        println!("cargo:rustc-link-search=native={libdir}");
        println!("cargo:rustc-link-lib=dylib=LLVM-14");
    }
    let clang = first_line("clang-14", &["--version"]).unwrap_or_else(|| "clang-14 not found".to_string());
    println!("cargo:rustc-env=UFO_BUILD_CLANG={clang}");
    println!("cargo:rustc-env=UFO_BUILD_LLVM={}", llvm.map(|(_, v)| v).unwrap_or_default());
}
