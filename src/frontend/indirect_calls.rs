//! Calls through function pointers (issue 44 §1): before inlining, every
//! indirect call becomes a direct call of a *dispatcher*, one per function
//! type, that compares the pointer with each function of that type whose
//! address the module takes and calls the one it equals; a pointer equal to
//! none reaches [`INVALID`], a call the translation makes a failure of its
//! own kind ("a call through an invalid function pointer") where the
//! property has such checks, and the end of the path under SV-COMP's
//! `unreach-call`. The dispatcher is inlined like every other function, so
//! the program model stays one function; LLVM folds the comparisons where
//! the pointer is known (`k ? inc : dbl` becomes a branch on `k`).
//!
//! Why this is sound: C lets a program call through a function pointer only
//! a function of the call's type (C11 6.5.2.2p9: anything else is
//! undefined), and only a function whose address was taken can be the value
//! of a pointer (a pointer from outside the module — `dlsym`, an unknown
//! function's result — is a value the memory model does not follow, and the
//! comparisons with it stay nondeterministic). The targets are exactly the
//! functions of the module whose address is taken and whose type is the
//! call's (LLVM uniques types, so equality is identity); a declaration among
//! them is called as the external function it is.
//!
//! Left as they are (and answered "unsupported: indirect call through a
//! function pointer" by the translation): calls whose callee type is
//! variadic, and calls with attributes that change how an argument is passed
//! (`byval`, `sret`, `inalloca`, ...), which a plain forwarding call would
//! drop. Invariant: a transformed call computes what the indirect call did
//! whenever its pointer is one of the targets.

use super::llvm;
use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::{LLVMModuleRef, LLVMTypeRef, LLVMValueRef};
use llvm_sys::LLVMOpcode;
use std::collections::HashMap;

/// The function a dispatcher calls when the pointer is none of the targets.
pub const INVALID: &str = "__ufo_invalid_function_pointer";

/// Prefix of the dispatchers' names.
const DISPATCH: &str = "__ufo_dispatch";

/// Is the use `u` of a function the callee operand of a call (a direct call,
/// not an address taken)?
fn is_direct_call_use(u: llvm_sys::prelude::LLVMUseRef) -> bool {
    unsafe {
        let user = LLVMGetUser(u);
        if LLVMIsACallInst(user).is_null() {
            return false;
        }
        // the callee is a call's last operand
        let n = LLVMGetNumOperands(user);
        n > 0 && LLVMGetOperandUse(user, (n - 1) as u32) == u
    }
}

/// The functions of `module` whose address is taken (a use that is not a direct call).
pub fn address_taken(module: &Module) -> Vec<LLVMValueRef> {
    let m = module.as_mut_ptr();
    let mut out = Vec::new();
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            let mut u = LLVMGetFirstUse(f);
            while !u.is_null() {
                if !is_direct_call_use(u) {
                    out.push(f);
                    break;
                }
                u = LLVMGetNextUse(u);
            }
            f = LLVMGetNextFunction(f);
        }
    }
    out
}

/// Can `call` be forwarded by a dispatcher: not variadic, no argument
/// attribute that changes how it is passed?
fn forwardable(call: LLVMValueRef, fnty: LLVMTypeRef) -> bool {
    unsafe {
        if LLVMIsFunctionVarArg(fnty) != 0 {
            return false;
        }
        let args = LLVMCountParamTypes(fnty);
        let passing = ["byval", "sret", "inalloca", "preallocated", "byref", "swifterror"];
        (1..=args).all(|i| {
            passing.iter().all(|a| {
                let kind = LLVMGetEnumAttributeKindForName(a.as_ptr().cast(), a.len());
                LLVMGetCallSiteEnumAttribute(call, i, kind).is_null()
            })
        })
    }
}

/// The indirect calls of the module's functions with bodies.
fn indirect_calls(m: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            for bb in llvm::blocks(f) {
                for inst in llvm::instructions(bb) {
                    if llvm::opcode(inst) == LLVMOpcode::LLVMCall {
                        let callee = llvm::called_value(inst);
                        if !llvm::is_function(callee) && !llvm::is_inline_asm(callee) {
                            out.push(inst);
                        }
                    }
                }
            }
            f = LLVMGetNextFunction(f);
        }
    }
    out
}

/// Turns every forwardable indirect call of `module` into a call of its
/// type's dispatcher (module docs). Returns how many calls it turned.
pub fn resolve(module: &Module) -> usize {
    let m = module.as_mut_ptr();
    let calls = indirect_calls(m);
    if calls.is_empty() {
        return 0;
    }
    let taken = address_taken(module);
    let mut dispatchers: HashMap<LLVMTypeRef, LLVMValueRef> = HashMap::new();
    let mut turned = 0;
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let builder = LLVMCreateBuilderInContext(ctx);
        for call in calls {
            let fnty = LLVMGetCalledFunctionType(call);
            if !forwardable(call, fnty) {
                continue;
            }
            let targets: Vec<LLVMValueRef> =
                taken.iter().copied().filter(|f| LLVMGlobalGetValueType(*f) == fnty).collect();
            let fp_ty = LLVMTypeOf(llvm::called_value(call));
            let d = *dispatchers.entry(fnty).or_insert_with(|| dispatcher(m, fnty, fp_ty, &targets));
            // call d(fp, args...) in place of fp(args...)
            let n = LLVMGetNumArgOperands(call);
            let mut args: Vec<LLVMValueRef> = vec![llvm::called_value(call)];
            args.extend((0..n).map(|i| LLVMGetOperand(call, i)));
            LLVMPositionBuilderBefore(builder, call);
            let new = LLVMBuildCall2(
                builder,
                LLVMGlobalGetValueType(d),
                d,
                args.as_mut_ptr(),
                args.len() as u32,
                c"".as_ptr(),
            );
            llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(new, llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(call));
            LLVMReplaceAllUsesWith(call, new);
            LLVMInstructionEraseFromParent(call);
            turned += 1;
        }
        LLVMDisposeBuilder(builder);
    }
    turned
}

/// The dispatcher of function type `fnty` over `targets`: `(fp_ty fp,
/// params...)`, comparing `fp` with each target in turn (`fp_ty` is the
/// callee's pointer type: `ptr`, or LLVM 14's typed `fnty*`).
fn dispatcher(m: LLVMModuleRef, fnty: LLVMTypeRef, fp_ty: LLVMTypeRef, targets: &[LLVMValueRef]) -> LLVMValueRef {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let ret = LLVMGetReturnType(fnty);
        let n = LLVMCountParamTypes(fnty) as usize;
        let mut params: Vec<LLVMTypeRef> = vec![std::ptr::null_mut(); n];
        LLVMGetParamTypes(fnty, params.as_mut_ptr());
        let mut all = vec![fp_ty];
        all.extend(params);
        let dty = LLVMFunctionType(ret, all.as_mut_ptr(), all.len() as u32, 0);
        let name = std::ffi::CString::new(DISPATCH).unwrap_or_default();
        let d = LLVMAddFunction(m, name.as_ptr(), dty);
        LLVMSetLinkage(d, llvm_sys::LLVMLinkage::LLVMInternalLinkage);
        let b = LLVMCreateBuilderInContext(ctx);
        let mut block = LLVMAppendBasicBlockInContext(ctx, d, c"dispatch".as_ptr());
        let fp = LLVMGetParam(d, 0);
        let mut forwarded: Vec<LLVMValueRef> = (1..=n as u32).map(|i| LLVMGetParam(d, i)).collect();
        let is_void = LLVMGetTypeKind(ret) == llvm_sys::LLVMTypeKind::LLVMVoidTypeKind;
        for &t in targets {
            LLVMPositionBuilderAtEnd(b, block);
            let hit = LLVMAppendBasicBlockInContext(ctx, d, c"call".as_ptr());
            let next = LLVMAppendBasicBlockInContext(ctx, d, c"next".as_ptr());
            let eq = LLVMBuildICmp(b, llvm_sys::LLVMIntPredicate::LLVMIntEQ, fp, t, c"is".as_ptr());
            LLVMBuildCondBr(b, eq, hit, next);
            LLVMPositionBuilderAtEnd(b, hit);
            let r = LLVMBuildCall2(b, fnty, t, forwarded.as_mut_ptr(), n as u32, c"".as_ptr());
            if is_void {
                LLVMBuildRetVoid(b);
            } else {
                LLVMBuildRet(b, r);
            }
            block = next;
        }
        LLVMPositionBuilderAtEnd(b, block);
        let (invalid_ty, invalid) = llvm::void_marker(m, INVALID);
        LLVMBuildCall2(b, invalid_ty, invalid, std::ptr::null_mut(), 0, c"".as_ptr());
        LLVMBuildUnreachable(b);
        LLVMDisposeBuilder(b);
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;
    use inkwell::memory_buffer::MemoryBuffer;
    use inkwell::values::AsValueRef;

    const IR: &str = r#"
define internal i32 @inc(i32 %x) { %r = add i32 %x, 1
  ret i32 %r }
define internal i32 @dbl(i32 %x) { %r = mul i32 %x, 2
  ret i32 %r }
define internal i32 @direct(i32 %x) { ret i32 %x }
define internal i32 @add(i32 %x, i32 %y) { %r = add i32 %x, %y
  ret i32 %r }
define i32 @main(i32 %k) {
  %c = icmp eq i32 %k, 0
  %f = select i1 %c, ptr @inc, ptr @dbl
  %a = call i32 %f(i32 %k)
  %g = select i1 %c, ptr @add, ptr null
  %b = call i32 %g(i32 %a, i32 %k)
  %d = call i32 @direct(i32 %b)
  ret i32 %d
}
"#;

    /// The functions a function's body calls directly, and its comparisons' right operands.
    fn calls_and_compares(f: LLVMValueRef) -> (Vec<String>, Vec<String>) {
        let (mut calls, mut compared) = (Vec::new(), Vec::new());
        for bb in llvm::blocks(f) {
            for inst in llvm::instructions(bb) {
                match llvm::opcode(inst) {
                    LLVMOpcode::LLVMCall => calls.push(llvm::name(llvm::called_value(inst))),
                    LLVMOpcode::LLVMICmp => compared.push(llvm::name(llvm::operand(inst, 1))),
                    _ => {}
                }
            }
        }
        (calls, compared)
    }

    #[test]
    fn each_indirect_call_dispatches_over_the_address_taken_functions_of_its_type() {
        let ctx = Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(IR.as_bytes(), "t");
        let m = ctx.create_module_from_ir(buf).unwrap();
        let raw = m.as_mut_ptr();
        let mut taken: Vec<String> = address_taken(&m).into_iter().map(llvm::name).collect();
        taken.sort();
        // @direct is only called; @main is never used
        assert_eq!(taken, ["add", "dbl", "inc"]);
        assert_eq!(resolve(&m), 2);
        assert!(indirect_calls(raw).is_empty());
        m.verify().unwrap();
        let main = m.get_function("main").unwrap().as_value_ref();
        let (calls, _) = calls_and_compares(main);
        // one dispatcher per function type: i32(i32) and i32(i32, i32)
        assert_eq!(calls.len(), 3, "{calls:?}");
        assert_eq!(calls[2], "direct");
        assert_ne!(calls[0], calls[1]);
        let (unary, compared) = calls_and_compares(m.get_function(&calls[0]).unwrap().as_value_ref());
        assert_eq!(
            (unary, compared),
            (vec!["inc".into(), "dbl".into(), INVALID.into()], vec!["inc".into(), "dbl".into()])
        );
        let (binary, compared) = calls_and_compares(m.get_function(&calls[1]).unwrap().as_value_ref());
        assert_eq!((binary, compared), (vec!["add".into(), INVALID.into()], vec!["add".into()]));
    }

    #[test]
    fn a_variadic_call_stays_indirect() {
        let ir = "define internal i32 @v(i32 %n, ...) { ret i32 %n }
define i32 @main(i32 %k) { %r = call i32 (i32, ...) @v(i32 %k, i32 1)
  %p = select i1 true, ptr @v, ptr null
  %s = call i32 (i32, ...) %p(i32 %k, i32 2)
  ret i32 %s }";
        let ctx = Context::create();
        let m = ctx.create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "v")).unwrap();
        assert_eq!(resolve(&m), 0);
        assert_eq!(indirect_calls(m.as_mut_ptr()).len(), 1);
    }
}
