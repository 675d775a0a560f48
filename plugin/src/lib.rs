//! ufo as an LLVM 14 pass plugin (issue 7; DESIGN.md "Interfaces"): a module
//! pass `ufo-verify` that verifies the module it is given, in memory, with the
//! same normalization, engines and answer checks as `ufo verify`, and reports
//! through LLVM's diagnostics.
//!
//! - `opt-14 -load-pass-plugin=libufo_plugin.so -passes=ufo-verify file.ll -disable-output`
//! - `clang-14 -O2 -g -fpass-plugin=libufo_plugin.so -c file.c`: registered at
//!   the optimizer's last extension point, so the verdict is about the code
//!   that will be emitted.
//!
//! The pass is an analysis: it never changes the module (it verifies a copy
//! made from the module's bitcode) and preserves all analyses. Options come
//! from `UFO_OPTIONS` ([`ufo::pipeline_options`]).

mod emit;
mod verify;

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::{LlvmModulePass, ModuleAnalysisManager, PassBuilder, PipelineParsing, PreservedAnalyses};

/// The pass name, in `-passes=` and in every diagnostic.
pub const PASS: &str = "ufo-verify";

#[llvm_plugin::plugin(name = "ufo-verify", version = "0.1")]
fn plugin_registrar(builder: &mut PassBuilder) {
    builder.add_module_pipeline_parsing_callback(|name, manager| {
        if name == PASS {
            manager.add_pass(UfoVerify);
            PipelineParsing::Parsed
        } else {
            PipelineParsing::NotParsed
        }
    });
    builder.add_optimizer_last_ep_callback(|manager, _level| manager.add_pass(UfoVerify));
}

/// The `ufo-verify` module pass.
struct UfoVerify;

impl LlvmModulePass for UfoVerify {
    fn run_pass(&self, module: &mut Module<'_>, _manager: &ModuleAnalysisManager) -> PreservedAnalyses {
        verify::verify_module(module);
        PreservedAnalyses::All
    }
}
