//! Which SSA value holds each source variable at the entry of each basic block:
//! a forward dataflow over `llvm.dbg.value` calls (the reaching-definitions
//! analysis LLVM's own LiveDebugValues performs for debuggers).
//!
//! A `dbg.value(v, x, !DIExpression())` says that from this point on, source
//! variable `x` has the value `v`. At a block's entry, `x` is `v` only if every
//! predecessor ends with `x = v`; `dbg.value`s right after the phis describe the
//! entry itself (that is how a loop-carried variable is named at its loop head).
//! A `dbg.value` with an expression or an `undef` value makes `x` unknown.
//! Readable invariants and witnesses name a value by a source variable only
//! where this analysis says so.

use super::llvm::{self, Value};
use llvm_sys::prelude::LLVMBasicBlockRef;
use llvm_sys::LLVMOpcode;
use std::collections::HashMap;

/// What a source variable holds at a program point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    Value(Value),
    /// Different values on different paths, or a value not stated exactly.
    Unknown,
}

/// Variable (`DILocalVariable`) → what it holds.
type State = HashMap<Value, Holds>;

fn apply(state: &mut State, inst: Value, names: &mut HashMap<Value, String>) {
    if let Some(d) = llvm::dbg_value(inst).filter(|d| d.name != super::call_results::RESULT_VAR) {
        names.entry(d.var).or_insert(d.name);
        state.insert(d.var, d.value.map_or(Holds::Unknown, Holds::Value));
    }
}

fn meet(into: &mut Option<State>, from: &State) -> bool {
    match into {
        None => {
            *into = Some(from.clone());
            true
        }
        Some(s) => {
            let mut changed = false;
            for (var, h) in s.iter_mut() {
                let other = from.get(var).copied().unwrap_or(Holds::Unknown);
                if *h != other && *h != Holds::Unknown {
                    *h = Holds::Unknown;
                    changed = true;
                }
            }
            for var in from.keys() {
                if !s.contains_key(var) {
                    s.insert(*var, Holds::Unknown);
                    changed = true;
                }
            }
            changed
        }
    }
}

/// For each block (in the order given): source variable name → the value it
/// holds at the block's entry, for the variables that hold a known value there.
/// Names of distinct variables that coincide (inlined functions) are dropped.
pub fn at_block_entries(blocks: &[LLVMBasicBlockRef]) -> Vec<Vec<(String, Value)>> {
    let index: HashMap<LLVMBasicBlockRef, usize> = blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let insts: Vec<Vec<Value>> = blocks.iter().map(|b| llvm::instructions(*b)).collect();
    // The block-entry part: phis and the dbg.values among and right after them.
    let lead: Vec<usize> = insts
        .iter()
        .map(|is| is.iter().take_while(|i| llvm::opcode(**i) == LLVMOpcode::LLVMPHI || llvm::is_dbg_value(**i)).count())
        .collect();
    let succ: Vec<Vec<usize>> = insts
        .iter()
        .map(|is| is.last().map(|t| llvm::successors(*t).iter().filter_map(|s| index.get(s).copied()).collect()))
        .map(Option::unwrap_or_default)
        .collect();
    let mut names: HashMap<Value, String> = HashMap::new();
    let mut entry: Vec<Option<State>> = vec![None; blocks.len()];
    if blocks.is_empty() {
        return Vec::new();
    }
    entry[0] = Some(State::new());
    let mut work: Vec<usize> = vec![0];
    while let Some(b) = work.pop() {
        let Some(mut state) = entry[b].clone() else { continue };
        for inst in &insts[b] {
            apply(&mut state, *inst, &mut names);
        }
        for &s in &succ[b] {
            if meet(&mut entry[s], &state) && !work.contains(&s) {
                work.push(s);
            }
        }
    }
    // every variable that has a dbg.value anywhere is named by now
    for inst in insts.iter().flatten() {
        apply(&mut State::new(), *inst, &mut names);
    }
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for n in names.values() {
        *by_name.entry(n.clone()).or_default() += 1;
    }
    (0..blocks.len())
        .map(|b| {
            let mut state = entry[b].clone().unwrap_or_default();
            for inst in &insts[b][..lead[b]] {
                apply(&mut state, *inst, &mut names);
            }
            let mut out: Vec<(String, Value)> = state
                .into_iter()
                .filter_map(|(var, h)| match h {
                    Holds::Value(v) => Some((names.get(&var)?.clone(), v)),
                    Holds::Unknown => None,
                })
                .filter(|(n, _)| by_name.get(n) == Some(&1))
                .collect();
            out.sort_by(|a, b| a.0.cmp(&b.0));
            out
        })
        .collect()
}
