//! Z3 parameters, set with Z3's error code checked (DESIGN.md "The solver"):
//! Z3 rejects a parameter it does not know by setting the context's error
//! code, not by failing the call, and Z3 4.8.12 then dropped every parameter of
//! the same call, the `timeout` included. Here an unknown or ill-typed
//! parameter is an error that names it.
//!
//! Z3 validates a solver's parameters only once the solver is initialized
//! (by its first assertion); before that it stores them unchecked. Solver
//! parameters are therefore first set on a per-thread probe solver that is
//! initialized, which validates them, and then on the solver itself.
//!
//! Also Z3's one global parameter ufo sets: a member process's memory bound
//! ([`bound_memory`]).

use z3::{Fixedpoint, Params, Solver};

/// The error Z3 recorded for the last call on this thread's context, if any.
fn last_error() -> Result<(), String> {
    let ctx = z3::Context::thread_local();
    let c = ctx.get_z3_context();
    // SAFETY: `c` is this thread's live context; the message is a
    // NUL-terminated string owned by Z3, copied before the next call.
    unsafe {
        let code = z3_sys::Z3_get_error_code(c);
        if code == z3_sys::ErrorCode::Ok {
            return Ok(());
        }
        let msg = z3_sys::Z3_get_error_msg(c, code);
        let text = if msg.is_null() {
            format!("{code:?}")
        } else {
            std::ffi::CStr::from_ptr(msg).to_string_lossy().into_owned()
        };
        Err(text)
    }
}

thread_local! {
    /// An initialized solver that validates parameters (module docs).
    static PROBE: Solver = {
        let s = Solver::new();
        s.assert(z3::ast::Bool::from_bool(true));
        s
    };
}

/// Sets `p` on a solver; an error names what Z3 rejected.
pub fn set_solver(s: &Solver, p: &Params) -> Result<(), String> {
    PROBE.with(|probe| probe.set_params(p));
    last_error().map_err(|e| format!("Z3 rejected the solver parameters {p}: {e}"))?;
    s.set_params(p);
    last_error().map_err(|e| format!("Z3 rejected the solver parameters {p}: {e}"))
}

/// Sets `p` on a fixedpoint (Spacer) object; an error names what Z3 rejected.
pub fn set_fixedpoint(fp: &Fixedpoint, p: &Params) -> Result<(), String> {
    fp.set_params(p);
    last_error().map_err(|e| format!("Z3 rejected the fixedpoint parameters {p}: {e}"))
}

/// Bounds what Z3 may allocate in this process to `bytes` on top of what it
/// holds now (Z3's global `memory_max_size`, in MiB, over Z3's count of its
/// own allocations, which in a forked member process includes the
/// parent's before the fork): an allocation past it ends Z3's call with
/// `unknown` rather than growing on (issue 55 §2). Global: for a member
/// process, before its member calls Z3.
pub fn bound_memory(bytes: u64) {
    // SAFETY: reads a global counter of Z3's memory manager.
    let held = unsafe { z3_sys::Z3_get_estimated_alloc_size() };
    let mb = (held.saturating_add(bytes) >> 20).max(1);
    let (Ok(name), Ok(value)) = (std::ffi::CString::new("memory_max_size"), std::ffi::CString::new(mb.to_string()))
    else {
        return;
    };
    // SAFETY: two NUL-terminated strings that outlive the call.
    unsafe { z3_sys::Z3_global_param_set(name.as_ptr(), value.as_ptr()) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_parameter_is_an_error_naming_it() {
        let s = Solver::new();
        let mut p = Params::new();
        p.set_u32("timeout", 1000);
        p.set_bool("no_such_option", true);
        let e = set_solver(&s, &p).unwrap_err();
        assert!(e.contains("no_such_option"), "{e}");
        let fp = Fixedpoint::new();
        let mut q = Params::new();
        q.set_symbol("engine", "spacer");
        q.set_bool("xform.no_such_option", false);
        assert!(set_fixedpoint(&fp, &q).unwrap_err().contains("no_such_option"));
    }

    #[test]
    fn known_parameters_are_accepted_and_take_effect() {
        let s = Solver::new();
        let mut p = Params::new();
        p.set_u32("timeout", 1000);
        assert_eq!(set_solver(&s, &p), Ok(()));
        let fp = Fixedpoint::new();
        let mut q = Params::new();
        q.set_symbol("engine", "spacer");
        q.set_bool("xform.slice", false);
        assert_eq!(set_fixedpoint(&fp, &q), Ok(()));
        // A parameter of the wrong type is rejected too.
        let mut r = Params::new();
        r.set_symbol("timeout", "soon");
        assert!(set_solver(&s, &r).is_err());
    }
}
