//! ufo as an LLVM pass plugin (issues 7 and 16; DESIGN.md "Interfaces"): a
//! module pass `ufo-verify` that verifies the module it is given, in memory,
//! with the same normalization, engines and answer checks as `ufo verify`,
//! and reports through LLVM's diagnostics.
//!
//! - `opt-19 -load-pass-plugin=$(ufo plugin-path --for opt-19) -passes=ufo-verify file.ll -disable-output`
//! - `clang-19 -O2 -g -fpass-plugin=$(ufo plugin-path --for clang-19) -c file.c`:
//!   registered at the optimizer's last extension point, so the verdict is
//!   about the code that will be emitted.
//!
//! A plugin must be built for its host's LLVM: this crate builds for LLVM 19
//! (default) or any of 14 … 18 (feature `llvmNN`), and `scripts/build-plugins`
//! installs each as `libufo_plugin-llvmNN.so` (`ufo plugin-path` picks one). Registration is the C++ shim `cpp/register.cc`
//! (the `llvm-plugin` crate stops at LLVM 18, and its own inkwell would be a
//! second copy beside ufo's); the entry point `llvmGetPassPluginInfo` is here,
//! because a Rust cdylib exports only Rust's symbols.
//!
//! The pass is an analysis: it never changes the module (it verifies a copy
//! made from the module's bitcode) and preserves all analyses. Options come
//! from `UFO_OPTIONS` ([`ufo::pipeline_options`]).

mod emit;
mod verify;

use inkwell::module::Module;
use std::ffi::{c_char, c_void};

/// The pass name, in `-passes=` and in every diagnostic.
pub const PASS: &str = "ufo-verify";

/// `llvm::PassPluginLibraryInfo` (llvm/Passes/PassPlugin.h), the same from
/// LLVM 14 to 19.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_callbacks: unsafe extern "C" fn(*mut c_void),
}

/// `LLVM_PLUGIN_API_VERSION`.
const PLUGIN_API_VERSION: u32 = 1;

extern "C" {
    /// `cpp/register.cc`: registers `ufo-verify` with a `llvm::PassBuilder`.
    fn ufo_register_callbacks(builder: *mut c_void);
}

/// The entry point LLVM looks up when it loads the plugin.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: c"ufo-verify".as_ptr(),
        plugin_version: c"0.1".as_ptr(),
        register_callbacks: ufo_register_callbacks,
    }
}

/// Called by the pass (`cpp/register.cc`) with the module it runs on.
///
/// # Safety
/// `module` is null or the live module of the running pass.
#[no_mangle]
pub unsafe extern "C" fn ufo_verify_module(module: ufo::llvm_sys::prelude::LLVMModuleRef) {
    if module.is_null() {
        return;
    }
    // SAFETY: the pointer is the live module of the running pass; the wrapper
    // is never dropped, so the module stays the pass manager's.
    let module = std::mem::ManuallyDrop::new(unsafe { Module::new(module) });
    // A verifier bug must never take the compiler down (verify_module runs
    // the verifier itself on a thread of its own, catching its panics too).
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| verify::verify_module(&module)));
}
