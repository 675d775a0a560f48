// Registers the module pass `ufo-verify` with LLVM's new pass manager. The
// plugin entry point itself, llvmGetPassPluginInfo, is defined in Rust
// (src/lib.rs), because a Rust cdylib exports only Rust's own symbols; it
// hands LLVM ufo_register_callbacks below. The pass calls back into Rust with
// the module (ufo_verify_module) and preserves everything: it never changes
// the module.
//
// The PassBuilder callbacks used here have the same signatures from LLVM 14
// to LLVM 19, so one source serves every plugin build.

#include "llvm-c/Types.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"

extern "C" void ufo_verify_module(LLVMModuleRef M);

namespace {

struct UfoVerify : llvm::PassInfoMixin<UfoVerify> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    ufo_verify_module(llvm::wrap(&M));
    return llvm::PreservedAnalyses::all();
  }
  // Run at -O0 too, and on optnone functions' modules.
  static bool isRequired() { return true; }
};

} // namespace

// `opt -passes=ufo-verify` and, in clang, the optimizer's last extension
// point: the verdict is about the code that will be emitted.
extern "C" void ufo_register_callbacks(llvm::PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::ModulePassManager &MPM,
         llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (Name == "ufo-verify") {
          MPM.addPass(UfoVerify());
          return true;
        }
        return false;
      });
  PB.registerOptimizerLastEPCallback(
      [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
        MPM.addPass(UfoVerify());
      });
}
