//! Builds the procedures of a program whose recursion stays recursive
//! (issue 44 §2; `ir::procedures` says what they are). From the module as
//! read (its bitcode), once for the entry and once per procedure, each in a
//! context of its own: the normalization of `normalize` with calls of the
//! recursive cycles' functions made summary calls
//! (`recursion::summarize`) instead of copies to a bound, then the
//! translation, with the procedure's function as the entry
//! (`translate::translate_procedure`).
//!
//! The recursive functions are those of the cycles `tailcallelim` leaves,
//! found the same way in every build (the pass runs on the same module the
//! same way), so that the entry's summary calls name exactly the procedures
//! built. A procedure whose function reads or writes memory, takes or
//! returns a pointer, or whose program may miss an error call, makes the
//! whole build fail with the reason: the program then keeps only its
//! bounded copies (`recursion::bound`).

use super::normalize::{self, Recursion};
use super::{load, translate, FrontendOptions};
use crate::ir::procedures::Procedures;
use inkwell::context::Context;

/// The procedures of the module `bitcode` holds, or why there are none.
pub fn build(bitcode: &[u8], label: &str, opts: &FrontendOptions) -> Result<Procedures, String> {
    let context = Context::create();
    let module = load::parse_bitcode(&context, label, bitcode).map_err(|e| e.to_string())?;
    let n = normalize::normalize(&module, label, opts, Recursion::Summarize).map_err(|e| e.to_string())?;
    if n.summarized.is_empty() {
        return Err("no recursion is left".into());
    }
    super::llvm::use_debug_intrinsics(module.as_mut_ptr());
    let mut main = translate::translate_with_summaries(&module, label, opts).map_err(|e| e.to_string())??;
    main.safe_blocked = n.hazard.or(main.safe_blocked);
    main.checks = n.checks;
    main.recursive = n.recursive;
    let mut procedures = Vec::new();
    for f in &n.summarized {
        let context = Context::create();
        let module = load::parse_bitcode(&context, label, bitcode).map_err(|e| e.to_string())?;
        // (a `static` function without callers would be deleted as dead)
        if let Some(g) = module.get_function(f) {
            g.set_linkage(inkwell::module::Linkage::External);
        }
        let opts = FrontendOptions { entry: f.clone(), ..opts.clone() };
        let nf = normalize::normalize(&module, label, &opts, Recursion::Procedure).map_err(|e| e.to_string())?;
        if nf.summarized != n.summarized {
            return Err(format!("the recursive functions of '{f}' differ from the entry's"));
        }
        super::llvm::use_debug_intrinsics(module.as_mut_ptr());
        let mut proc = translate::translate_procedure(&module, label, &opts).map_err(|e| e.to_string())??;
        if let Some(why) = nf.hazard.or(proc.program.safe_blocked.take()) {
            return Err(format!("'{f}': {why}"));
        }
        proc.program.checks = nf.checks;
        procedures.push(proc);
    }
    Ok(Procedures { main, procedures })
}
