// Emits ufo's answers through LLVM's diagnostic handler, so that clang and opt
// print them as their own diagnostics (LLVM's C API can only install a
// handler, not emit). One entry point, ufo_diagnose, called from Rust.
//
// - A warning at a known source position is an optimization-failure
//   diagnostic of the pass "ufo-verify": clang prints it at that position
//   (`file.c:12:7: warning: ... [-Wpass-failed=ufo-verify]`), so -Werror and
//   -Wno-pass-failed apply as to any other warning.
// - A remark is an optimization remark of "ufo-verify": shown by
//   `clang -Rpass=ufo-verify` and `opt -pass-remarks=ufo-verify`.
// - Everything else (notes, errors, and anything whose position no instruction
//   carries) is a plugin-kind diagnostic whose text starts with the position.

#include "llvm-c/Types.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <string>

using namespace llvm;

namespace {

const char *const PassName = "ufo-verify";

// A diagnostic with ufo's own text; clang prints "<severity>: <text>".
class UfoText final : public DiagnosticInfo {
  std::string Text;

public:
  UfoText(DiagnosticSeverity S, std::string T)
      : DiagnosticInfo(kind(), S), Text(std::move(T)) {}
  static int kind() {
    static const int K = getNextAvailablePluginDiagnosticKind();
    return K;
  }
  void print(DiagnosticPrinter &DP) const override { DP << Text; }
};

// The instruction whose debug location is File:Line:Col (a call if there is
// one; Col 0 matches any column), or null.
const Instruction *findAt(const Module &M, StringRef File, unsigned Line,
                          unsigned Col) {
  const Instruction *Any = nullptr;
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB) {
        const DebugLoc &DL = I.getDebugLoc();
        if (!DL || DL.getLine() != Line || (Col != 0 && DL.getCol() != Col))
          continue;
        const auto *Scope = dyn_cast_or_null<DIScope>(DL.getScope());
        if (!Scope || Scope->getFilename() != File)
          continue;
        if (isa<CallBase>(I))
          return &I;
        if (!Any)
          Any = &I;
      }
  return Any;
}

DiagnosticSeverity severity(int S) {
  switch (S) {
  case 0:
    return DS_Error;
  case 1:
    return DS_Warning;
  case 2:
    return DS_Remark;
  default:
    return DS_Note;
  }
}

} // namespace

// Severity: 0 error, 1 warning, 2 remark, 3 note. File may be null (no
// position); Entry names the verified function, for remarks without one.
extern "C" void ufo_diagnose(LLVMModuleRef MR, const char *Entry, int Severity,
                             const char *File, unsigned Line, unsigned Col,
                             const char *Msg) {
  const Module &M = *reinterpret_cast<const Module *>(MR);
  LLVMContext &Ctx = M.getContext();
  std::string Text = Msg;
  const Instruction *I =
      File != nullptr && Line != 0 ? findAt(M, File, Line, Col) : nullptr;
  const Function *F = M.getFunction(Entry);
  if (F != nullptr && F->isDeclaration())
    F = nullptr;
  if (Severity == 1 && I != nullptr) {
    DiagnosticInfoOptimizationFailure D(PassName, "ReachError",
                                        I->getDebugLoc(), I->getParent());
    D << Text;
    Ctx.diagnose(D);
    return;
  }
  if (Severity == 1 && File == nullptr && F != nullptr &&
      F->getSubprogram() != nullptr) {
    DiagnosticInfoOptimizationFailure D(PassName, "Unknown",
                                        F->getSubprogram(), &F->getEntryBlock());
    D << Text;
    Ctx.diagnose(D);
    return;
  }
  if (Severity == 2 && (I != nullptr || (File == nullptr && F != nullptr))) {
    OptimizationRemark R = I != nullptr
                               ? OptimizationRemark(PassName, "Verified", I)
                               : OptimizationRemark(PassName, "Verified", F);
    R << Text;
    Ctx.diagnose(R);
    return;
  }
  if (File != nullptr && Line != 0) {
    std::string At = std::string(File) + ":" + std::to_string(Line);
    if (Col != 0)
      At += ":" + std::to_string(Col);
    Text = At + ": " + Text;
  }
  Ctx.diagnose(UfoText(severity(Severity), Text));
}
