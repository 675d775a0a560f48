//! Recursion to a bound (issue 44 §2, its bounded part): before inlining, the
//! functions of each recursive cycle of the call graph (a strongly connected
//! component with a cycle, found by Tarjan's algorithm) are copied once per
//! level of depth, 1 to `depth`; a call within the cycle at level `i` calls
//! the copy at level `i + 1`, and one at the last level calls [`BOUND`]
//! instead, which ends the path. Nothing is recursive any more, so
//! everything inlines into the entry function as before, and the model is
//! an *under*-approximation: every path of it is a real execution (up to the
//! bound), but executions deeper than the bound are missing. Hence the
//! [`Bounded`] reason, which the frontend makes the program's
//! `safe_blocked`: a bug found within the bound is an answer (its trace
//! replays natively like any other), SAFE never is, and the reason says that
//! the recursion bound was reached. Proofs of recursive programs come from
//! procedure summaries (DESIGN.md "Procedures and function pointers";
//! `ir::procedures`, built beside the bounded program from the calls
//! [`summarize`] marks).
//!
//! The depth is the largest that keeps the inlined program within a budget
//! of instructions ([`BUDGET`] first; `driver` tries again with four times
//! as much while the bound is what stopped the run and time is left): a cycle whose functions make `b` recursive calls
//! grows by a factor of `b` per level (`fib`: 2, `fact`: 1), at most
//! [`MAX_DEPTH`] levels.
//!
//! Invariant: a copy computes what its original does; only calls past the
//! last level change, and they end the path (never a new behaviour).

use super::llvm;
use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMModuleRef, LLVMValueRef};
use llvm_sys::LLVMOpcode;
use std::collections::HashMap;

/// The function a call past the last level calls: the path ends there.
pub const BOUND: &str = "__ufo_recursion_bound";

/// The prefix of the function a call of a procedure calls in a program with
/// summaries ([`summarize`]): `__ufo_summary.fib` for `fib`.
pub const SUMMARY_PREFIX: &str = "__ufo_summary.";

/// At most this many levels of copies.
pub const MAX_DEPTH: usize = 64;

/// The copies of a cycle, inlined, stay within about this many instructions
/// (the first attempt; `driver` deepens with four times the budget while the
/// bound is all that stopped the run and time is left).
pub const BUDGET: usize = 4_000;

/// No attempt goes past this budget.
pub const MAX_BUDGET: usize = 64_000;

/// How the reason of a bounded program's UNKNOWN begins.
pub const REACHED: &str = "recursion bound reached";

/// What bounding did: the cycles' functions, and the depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounded {
    pub functions: Vec<String>,
    pub depth: usize,
}

impl Bounded {
    /// Why SAFE cannot be claimed of the bounded program.
    pub fn reason(&self) -> String {
        format!(
            "{REACHED}: calls of {} deeper than {} levels are not explored, so only a bug within them can be an answer (proofs come from procedure summaries)",
            self.functions.iter().map(|f| format!("'{f}'")).collect::<Vec<_>>().join(", "),
            self.depth
        )
    }
}

/// The functions with bodies of `m`, and for each the functions with bodies
/// it calls directly (in call order, repeated per call).
fn call_graph(m: LLVMModuleRef) -> (Vec<LLVMValueRef>, HashMap<LLVMValueRef, Vec<LLVMValueRef>>) {
    let mut functions = Vec::new();
    let mut calls = HashMap::new();
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            if !llvm::is_declaration(f) {
                functions.push(f);
                let mut out = Vec::new();
                for bb in llvm::blocks(f) {
                    for inst in llvm::instructions(bb) {
                        if llvm::opcode(inst) == LLVMOpcode::LLVMCall {
                            let callee = llvm::called_value(inst);
                            if llvm::is_function(callee) && !llvm::is_declaration(callee) {
                                out.push(callee);
                            }
                        }
                    }
                }
                calls.insert(f, out);
            }
            f = LLVMGetNextFunction(f);
        }
    }
    (functions, calls)
}

/// The strongly connected components of the call graph that contain a
/// cycle (Tarjan), each in the module's order of its functions.
pub fn recursive_cycles(module: &Module) -> Vec<Vec<LLVMValueRef>> {
    let (functions, calls) = call_graph(module.as_mut_ptr());
    let index_of: HashMap<LLVMValueRef, usize> = functions.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let succ: Vec<Vec<usize>> =
        functions.iter().map(|f| calls[f].iter().filter_map(|g| index_of.get(g).copied()).collect()).collect();
    let n = functions.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut out) = (Vec::new(), 0, Vec::new());
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // iterative Tarjan: (node, next successor to look at)
        let mut work = vec![(root, 0usize)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on[root] = true;
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if let Some(&w) = succ[v].get(*i) {
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on[w] = true;
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut scc = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    scc.push(w);
                    if w == v {
                        break;
                    }
                }
                let cyclic = scc.len() > 1 || succ[v].contains(&v);
                if cyclic {
                    scc.sort_unstable();
                    out.push(scc.into_iter().map(|i| functions[i]).collect());
                }
            }
        }
    }
    out
}

/// The number of instructions of `f`.
fn size(f: LLVMValueRef) -> usize {
    llvm::blocks(f).into_iter().map(|bb| llvm::instructions(bb).len()).sum()
}

/// The calls in `f` to functions of `cycle`.
fn cycle_calls(f: LLVMValueRef, cycle: &[LLVMValueRef]) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    for bb in llvm::blocks(f) {
        for inst in llvm::instructions(bb) {
            if llvm::opcode(inst) == LLVMOpcode::LLVMCall && cycle.contains(&llvm::called_value(inst)) {
                out.push(inst);
            }
        }
    }
    out
}

/// The deepest level whose copies, inlined, stay within `budget`
/// instructions: each level has `b` times the calls of the one before.
fn depth_for(cycle: &[LLVMValueRef], budget: usize) -> usize {
    let body: usize = cycle.iter().map(|f| size(*f)).sum::<usize>().max(1);
    let branching = cycle.iter().map(|f| cycle_calls(*f, cycle).len()).max().unwrap_or(1).max(1);
    let (mut total, mut copies, mut depth) = (body, 1usize, 0);
    while depth < MAX_DEPTH {
        copies = copies.saturating_mul(branching);
        total = total.saturating_add(copies.saturating_mul(body));
        if total > budget {
            break;
        }
        depth += 1;
    }
    depth.max(1)
}

/// Bounds every recursive cycle of `module` within `budget` instructions
/// (module docs); `None` if there is none.
pub fn bound(module: &Module, budget: usize) -> Option<Bounded> {
    let cycles = recursive_cycles(module);
    if cycles.is_empty() {
        return None;
    }
    let m = module.as_mut_ptr();
    // (the copies take the values' descriptions along: as intrinsics, not
    // LLVM 19's debug records, which cloning an instruction leaves behind)
    llvm::use_debug_intrinsics(m);
    let mut names = Vec::new();
    let mut depth = MAX_DEPTH;
    for cycle in cycles {
        let d = depth_for(&cycle, budget);
        depth = depth.min(d);
        names.extend(cycle.iter().map(|f| llvm::name(*f)));
        // levels[i][j]: the copy at level i of the cycle's j-th function (level 0: the original)
        let mut levels = vec![cycle.clone()];
        for level in 1..=d {
            levels.push(cycle.iter().map(|f| copy(m, *f, level)).collect());
        }
        for (i, fs) in levels.iter().enumerate() {
            for f in fs {
                for call in cycle_calls(*f, &cycle) {
                    let j = cycle.iter().position(|g| *g == llvm::called_value(call)).unwrap_or(0);
                    match levels.get(i + 1) {
                        Some(next) => unsafe { LLVMSetOperand(call, LLVMGetNumOperands(call) as u32 - 1, next[j]) },
                        None => cut(m, call),
                    }
                }
            }
        }
    }
    names.sort();
    names.dedup();
    Some(Bounded { functions: names, depth })
}

/// For procedures with summaries (`ir::procedures`): every call of a
/// function of a recursive cycle of `module`, wherever it is, calls a
/// declaration of the same type named [`SUMMARY_PREFIX`] and the function's
/// name instead, which the translation makes a summary call. Nothing is
/// recursive any more; the functions of the cycles stay defined (as the
/// procedures' bodies when one of them is the entry). Returns their names.
pub fn summarize(module: &Module) -> Vec<String> {
    let cycles: Vec<LLVMValueRef> = recursive_cycles(module).into_iter().flatten().collect();
    let m = module.as_mut_ptr();
    let mut markers: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
    let mut calls = Vec::new();
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            if !llvm::is_declaration(f) {
                calls.extend(cycle_calls(f, &cycles));
            }
            f = LLVMGetNextFunction(f);
        }
        for call in calls {
            let callee = llvm::called_value(call);
            let marker = *markers.entry(callee).or_insert_with(|| {
                let name =
                    std::ffi::CString::new(format!("{SUMMARY_PREFIX}{}", llvm::name(callee))).unwrap_or_default();
                LLVMAddFunction(m, name.as_ptr(), LLVMGlobalGetValueType(callee))
            });
            LLVMSetOperand(call, LLVMGetNumOperands(call) as u32 - 1, marker);
        }
    }
    let mut names: Vec<String> = cycles.iter().map(|f| llvm::name(*f)).collect();
    names.sort();
    names
}

/// Replaces `call` (past the last level) by a call of [`BOUND`]; its result,
/// never used on a path that goes on, is poison.
fn cut(m: LLVMModuleRef, call: LLVMValueRef) {
    unsafe {
        let (ty, f) = llvm::void_marker(m, BOUND);
        let b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
        LLVMPositionBuilderBefore(b, call);
        let bound = LLVMBuildCall2(b, ty, f, std::ptr::null_mut(), 0, c"".as_ptr());
        llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(bound, llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(call));
        LLVMDisposeBuilder(b);
        let t = LLVMTypeOf(call);
        if LLVMGetTypeKind(t) != llvm_sys::LLVMTypeKind::LLVMVoidTypeKind {
            LLVMReplaceAllUsesWith(call, LLVMGetPoison(t));
        }
        LLVMInstructionEraseFromParent(call);
    }
}

/// A copy of `f` named `f.ufo.LEVEL`, internal: its blocks and instructions
/// cloned with their operands mapped to the copy's (debug intrinsics, whose
/// metadata names the original's values, are left out).
fn copy(m: LLVMModuleRef, f: LLVMValueRef, level: usize) -> LLVMValueRef {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let name = std::ffi::CString::new(format!("{}.ufo.{level}", llvm::name(f))).unwrap_or_default();
        let g = LLVMAddFunction(m, name.as_ptr(), LLVMGlobalGetValueType(f));
        LLVMSetLinkage(g, llvm_sys::LLVMLinkage::LLVMInternalLinkage);
        let mut map: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
        for i in 0..LLVMCountParams(f) {
            map.insert(LLVMGetParam(f, i), LLVMGetParam(g, i));
        }
        let blocks = llvm::blocks(f);
        let mut new_blocks: HashMap<LLVMBasicBlockRef, LLVMBasicBlockRef> = HashMap::new();
        for bb in &blocks {
            let nb = LLVMAppendBasicBlockInContext(ctx, g, c"".as_ptr());
            new_blocks.insert(*bb, nb);
            map.insert(LLVMBasicBlockAsValue(*bb), LLVMBasicBlockAsValue(nb));
        }
        let b = LLVMCreateBuilderInContext(ctx);
        let mut cloned = Vec::new();
        let mut phis = Vec::new();
        for bb in &blocks {
            LLVMPositionBuilderAtEnd(b, new_blocks[bb]);
            for inst in llvm::instructions(*bb) {
                if llvm::is_debug_intrinsic(inst) {
                    // a value's (or a slot's) description goes with its copy
                    // (a call's arguments in a counterexample); others are left out
                    let value = llvm::described_value(inst).and_then(|v| map.get(&v).copied());
                    if let Some(v) = value {
                        let c = LLVMInstructionClone(inst);
                        LLVMInsertIntoBuilder(b, c);
                        LLVMSetOperand(c, 0, LLVMMetadataAsValue(ctx, LLVMValueAsMetadata(v)));
                    }
                    continue;
                }
                let c = if llvm::opcode(inst) == LLVMOpcode::LLVMPHI {
                    let p = LLVMBuildPhi(b, LLVMTypeOf(inst), c"".as_ptr());
                    phis.push((inst, p));
                    p
                } else {
                    let c = LLVMInstructionClone(inst);
                    LLVMInsertIntoBuilder(b, c);
                    cloned.push(c);
                    c
                };
                map.insert(inst, c);
            }
        }
        LLVMDisposeBuilder(b);
        for c in cloned {
            for i in 0..LLVMGetNumOperands(c) as u32 {
                if let Some(v) = map.get(&LLVMGetOperand(c, i)) {
                    LLVMSetOperand(c, i, *v);
                }
            }
        }
        for (old, new) in phis {
            for (v, from) in llvm::incoming(old) {
                let mut value = map.get(&v).copied().unwrap_or(v);
                let mut block = new_blocks.get(&from).copied().unwrap_or(from);
                LLVMAddIncoming(new, &mut value, &mut block, 1);
            }
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;
    use inkwell::memory_buffer::MemoryBuffer;

    fn module<'c>(ctx: &'c Context, ir: &str) -> Module<'c> {
        ctx.create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "t")).unwrap()
    }

    const IR: &str = r#"
define internal i32 @fact(i32 %n) {
entry:
  %small = icmp sle i32 %n, 1
  br i1 %small, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  br label %done
done:
  %v = phi i32 [ 1, %entry ], [ %p, %rec ]
  ret i32 %v
}
define internal i1 @even(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 true
no:
  %m = sub i32 %n, 1
  %o = call i1 @odd(i32 %m)
  ret i1 %o
}
define internal i1 @odd(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 false
no:
  %m = sub i32 %n, 1
  %e = call i1 @even(i32 %m)
  ret i1 %e
}
define internal i32 @leaf(i32 %n) { ret i32 %n }
define i32 @main(i32 %k) {
  %f = call i32 @fact(i32 %k)
  %e = call i1 @even(i32 %f)
  %l = call i32 @leaf(i32 %k)
  ret i32 %l
}
"#;

    #[test]
    fn self_and_mutual_recursion_are_the_cycles_and_nothing_else() {
        let ctx = Context::create();
        let m = module(&ctx, IR);
        let names: Vec<Vec<String>> =
            recursive_cycles(&m).into_iter().map(|c| c.into_iter().map(llvm::name).collect()).collect();
        assert_eq!(names, vec![vec!["fact".to_string()], vec!["even".into(), "odd".into()]]);
    }

    #[test]
    fn the_copies_chain_level_to_level_and_the_last_level_ends_the_path() {
        let ctx = Context::create();
        let m = module(&ctx, IR);
        let b = bound(&m, BUDGET).unwrap();
        m.verify().unwrap();
        assert!(recursive_cycles(&m).is_empty(), "nothing recursive is left");
        assert_eq!(b.functions, ["even", "fact", "odd"]);
        // linear cycles: the depth is MAX_DEPTH or the budget's
        assert!(b.depth >= 10, "{b:?}");
        let callee = |f: &str| {
            let f = inkwell::values::AsValueRef::as_value_ref(&m.get_function(f).unwrap());
            let mut out = Vec::new();
            for bb in llvm::blocks(f) {
                for i in llvm::instructions(bb) {
                    if llvm::opcode(i) == LLVMOpcode::LLVMCall {
                        out.push(llvm::name(llvm::called_value(i)));
                    }
                }
            }
            out
        };
        assert_eq!(callee("fact"), ["fact.ufo.1"]);
        assert_eq!(callee("fact.ufo.1"), ["fact.ufo.2"]);
        assert_eq!(callee("even"), ["odd.ufo.1"]);
        assert_eq!(callee("odd.ufo.1"), ["even.ufo.2"]);
        assert_eq!(callee(&format!("fact.ufo.{}", b.depth)), [BOUND]);
        assert_eq!(callee("main"), ["fact", "even", "leaf"]);
        assert!(b.reason().starts_with("recursion bound reached"), "{}", b.reason());
    }

    #[test]
    fn a_branching_cycle_gets_fewer_levels_than_a_linear_one() {
        let fib = "define internal i32 @fib(i32 %n) {
entry:
  %small = icmp slt i32 %n, 2
  br i1 %small, label %done, label %rec
rec:
  %a = sub i32 %n, 1
  %b = sub i32 %n, 2
  %x = call i32 @fib(i32 %a)
  %y = call i32 @fib(i32 %b)
  %s = add i32 %x, %y
  ret i32 %s
done:
  ret i32 %n
}
define i32 @main(i32 %k) { %f = call i32 @fib(i32 %k)
  ret i32 %f }";
        let ctx = Context::create();
        let m = module(&ctx, fib);
        let d = depth_for(&recursive_cycles(&m)[0], BUDGET);
        // 9 instructions, doubling per level: 9 * (2^(d+1) - 1) <= BUDGET
        assert_eq!(d, 7);
        // four times the budget: two levels more
        assert_eq!(depth_for(&recursive_cycles(&m)[0], 4 * BUDGET), 9);
        // a linear cycle reaches the most levels long before
        assert_eq!(depth_for(&recursive_cycles(&module(&ctx, IR))[0], BUDGET), MAX_DEPTH);
    }
}
