//! The layout of modelled memory (DESIGN.md "Memory"; issue 20): where each
//! allocation site's object lives in the address space of its region, how a
//! `getelementptr` moves an address, and the initial cells of globals.
//!
//! Addresses are integers of the pointer width, counted in *cells* of the
//! pointer's region (a pointer into an `int` region moves by 1 per element):
//! the index of a cell in its region's array is the address itself, so a loop
//! over an array reads and writes `a[base + i]`, the shape Spacer's quantified
//! generalization finds `forall k. a[base + k] == ...` for (a byte stride of
//! 4 makes it fail on the simplest fill loop). Every *static* site (an
//! `alloca` of a constant size in the entry block, a global) gets a constant
//! base, `(k + 1) * SPACING / cell size` for the k-th such site (2^40 bytes, or
//! 2^22 for 32-bit pointers), with `SPACING` larger than any object given one:
//! distinct objects never share an address, so the cells of two objects never
//! collide, in whatever region they end up. Every other site (`malloc`,
//! `calloc`, `realloc`, an `alloca` in a loop) gets a fresh base at each
//! execution (the translation havocs it): two of its blocks may then share
//! cells in the model, an over-approximation of their real independence.
//!
//! A region is modelled only if its cells are whole bytes and every offset a
//! `getelementptr` adds to its pointers is a multiple of the cell size (cells
//! never overlap partially, and addresses in cells are exact); otherwise its
//! loads stay fresh values.
//!
//! Invariant: an address is `base(site) + offset / cell size` for in-bounds
//! pointers, the offset (in bytes) a multiple of the cell size of the site's
//! region.

use super::llvm::{self, Ty, Value};
use super::regions::{self, Regions};
use llvm_sys::core::*;
use llvm_sys::prelude::LLVMTypeRef;
use llvm_sys::target::{LLVMABISizeOfType, LLVMGetModuleDataLayout, LLVMOffsetOfElement, LLVMTargetDataRef};
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::collections::HashMap;

/// How many cells of a global's initializer are written at the entry (past
/// it, the global's initial cells are arbitrary: an over-approximation).
const MAX_INIT_CELLS: u64 = 4096;

/// A `getelementptr` as `constant + sum(index * stride)` bytes (or cells).
pub struct Gep {
    pub constant: i128,
    pub strides: Vec<(Value, i128)>,
}

/// The initial value of a cell.
pub enum Cell {
    Int(i128),
    /// The address of a global (plus a constant offset in bytes).
    Address(Value, i128),
}

/// The memory layout of the entry function.
pub struct Layout {
    pub regions: Regions,
    pub ptr_bits: u32,
    /// The modelled regions' cell widths.
    modelled: Vec<Option<u32>>,
    base: HashMap<Value, i128>,
    td: LLVMTargetDataRef,
}

/// Is `v` a function (as a pointer value: its address)?
pub fn is_function(v: Value) -> bool {
    unsafe { !LLVMIsAFunction(v).is_null() }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Layout {
    /// The layout of `f` (its module's data layout gives sizes and offsets).
    pub fn new(f: Value, ptr_bits: u32) -> Layout {
        let regions = regions::analyze(f, ptr_bits);
        let td = unsafe { LLVMGetModuleDataLayout(LLVMGetGlobalParent(f)) };
        let mut layout = Layout { modelled: Vec::new(), base: HashMap::new(), regions, ptr_bits, td };
        // every offset a getelementptr adds, per region
        let mut step: Vec<i128> = vec![0; layout.regions.regions.len()];
        for bb in llvm::blocks(f) {
            for inst in llvm::instructions(bb) {
                let geps = std::iter::once(inst).chain((0..llvm::num_operands(inst)).map(|i| llvm::operand(inst, i)));
                for g in geps.filter(|g| is_gep(*g)) {
                    let (Some(r), Some(gep)) = (layout.regions.of(g), layout.gep(g)) else { continue };
                    let mut s = gcd(step[r], gep.constant);
                    for (_, stride) in &gep.strides {
                        s = gcd(s, *stride);
                    }
                    step[r] = s;
                }
            }
        }
        let mut unaligned = Vec::new();
        layout.modelled = layout
            .regions
            .regions
            .iter()
            .zip(&step)
            .enumerate()
            .map(|(i, (r, s))| {
                let bits = r.cell_bits.filter(|_| r.unmodelled.is_none())?;
                let bytes = i128::from(bits / 8);
                if bits % 8 != 0 || (*s != 0 && s % bytes != 0) {
                    unaligned.push(i);
                    return None;
                }
                Some(bits)
            })
            .collect();
        for i in unaligned {
            layout.regions.regions[i].unmodelled = Some("accesses that overlap partially".into());
        }
        layout.place_static_sites(f);
        layout
    }

    /// Constant bases for the globals and entry-block allocas of modelled
    /// regions, and for every function whose address the entry function
    /// uses (a function pointer: comparing it with a function is how a call
    /// through it is resolved, `indirect_calls`), modelled region or not.
    fn place_static_sites(&mut self, f: Value) {
        // bases stay below 2^62 (2^30 for 32-bit pointers): an in-bounds
        // address never wraps
        let (spacing, max_sites) = if self.ptr_bits >= 64 { (1i128 << 40, 1 << 20) } else { (1i128 << 22, 255) };
        let entry = unsafe { LLVMGetEntryBasicBlock(f) };
        let mut k = 0i128;
        for r in 0..self.regions.regions.len() {
            if self.modelled[r].is_none() {
                continue;
            }
            for site in self.regions.regions[r].sites.clone() {
                let size = unsafe {
                    if is_function(site) {
                        Some(1)
                    } else if !LLVMIsAGlobalVariable(site).is_null() {
                        Some(LLVMABISizeOfType(self.td, LLVMGlobalGetValueType(site)))
                    } else if !LLVMIsAAllocaInst(site).is_null()
                        && LLVMGetInstructionParent(site) == entry
                        && llvm::const_int(LLVMGetOperand(site, 0)) == Some(1)
                    {
                        Some(LLVMABISizeOfType(self.td, LLVMGetAllocatedType(site)))
                    } else {
                        None
                    }
                };
                let cell = i128::from(self.modelled[r].unwrap_or(8) / 8);
                if size.is_some_and(|s| i128::from(s) < spacing && k < max_sites) {
                    k += 1;
                    self.base.insert(site, k * spacing / cell);
                }
            }
        }
        for r in 0..self.regions.regions.len() {
            let cell = i128::from(self.modelled[r].map_or(1, |bits| (bits / 8).max(1)));
            for site in self.regions.regions[r].sites.clone() {
                if is_function(site) && !self.base.contains_key(&site) && k < max_sites {
                    k += 1;
                    self.base.insert(site, k * spacing / cell);
                }
            }
        }
    }

    /// The region of a pointer, if it is modelled, and its cell width.
    pub fn modelled(&self, ptr: Value) -> Option<(usize, u32)> {
        let r = self.regions.of(ptr)?;
        Some((r, self.modelled.get(r).copied().flatten()?))
    }

    /// Whether `ptr` may point to a function whose address has a base (a
    /// function pointer, whose value the model follows in a modelled region
    /// or not).
    pub fn points_to_functions(&self, ptr: Value) -> bool {
        let Some(r) = self.regions.of(ptr) else { return false };
        self.regions.regions[r].sites.iter().any(|s| is_function(*s) && self.base.contains_key(s))
    }

    /// Why SAFE cannot be claimed if a function's address reaches memory or
    /// code the model does not follow (an unknown function such as `qsort`
    /// or `atexit` it was passed to, an external global): code outside the
    /// program may call it there, which no path of the model shows.
    pub fn escaped_function(&self) -> Option<String> {
        self.regions.regions.iter().filter(|r| r.escapes).find_map(|r| {
            let why = r.unmodelled.as_ref()?;
            let f = r.sites.iter().find(|s| is_function(**s))?;
            Some(format!(
                "the address of '{}' reaches what ufo does not model ({why}), where it may be called",
                llvm::name(*f)
            ))
        })
    }

    /// Whether a region is modelled, and its cell width.
    pub fn cell_bits(&self, r: usize) -> Option<u32> {
        self.modelled.get(r).copied().flatten()
    }

    /// The constant base of a static allocation site, in cells of its region.
    pub fn base(&self, site: Value) -> Option<i128> {
        self.base.get(&site).copied()
    }

    /// The size in bytes of a cell of the region of `ptr`, if it is modelled.
    pub fn cell_bytes(&self, ptr: Value) -> Option<i128> {
        self.modelled(ptr).map(|(_, bits)| i128::from(bits / 8))
    }

    /// A `getelementptr` on a pointer of a modelled region, in cells of the
    /// region; `None` where an offset is not a whole number of cells.
    pub fn gep_cells(&self, g: Value) -> Option<Gep> {
        let cell = self.cell_bytes(g)?;
        let bytes = self.gep(g)?;
        let cells = |b: i128| (b % cell == 0).then_some(b / cell);
        let strides = bytes.strides.into_iter().map(|(v, s)| Some((v, cells(s)?))).collect::<Option<_>>()?;
        Some(Gep { constant: cells(bytes.constant)?, strides })
    }

    fn size(&self, t: LLVMTypeRef) -> i128 {
        i128::from(unsafe { LLVMABISizeOfType(self.td, t) })
    }

    /// A `getelementptr` (instruction or constant) in bytes, walking its
    /// source element type; `None` for a vector index or a struct field
    /// that is not a constant.
    pub fn gep(&self, g: Value) -> Option<Gep> {
        let mut t = unsafe { LLVMGetGEPSourceElementType(g) };
        let mut out = Gep { constant: 0, strides: Vec::new() };
        for k in 1..llvm::num_operands(g) {
            let idx = llvm::operand(g, k);
            let stride = if k == 1 {
                self.size(t)
            } else {
                match unsafe { LLVMGetTypeKind(t) } {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        let field = u32::try_from(llvm::const_int(idx)?).ok()?;
                        out.constant += i128::from(unsafe { LLVMOffsetOfElement(self.td, t, field) });
                        t = unsafe { LLVMStructGetTypeAtIndex(t, field) };
                        continue;
                    }
                    LLVMTypeKind::LLVMArrayTypeKind => {
                        t = unsafe { LLVMGetElementType(t) };
                        self.size(t)
                    }
                    _ => return None,
                }
            };
            if llvm::value_ty(idx) == Ty::Vector {
                return None;
            }
            match llvm::const_int(idx) {
                Some(c) => out.constant += c.checked_mul(stride)?,
                None => out.strides.push((idx, stride)),
            }
        }
        Some(out)
    }

    /// The initial cells of a global in a modelled region of `bits`-bit
    /// cells, as (offset in cells, value); `None` if it has no initializer
    /// the model writes (then its cells start arbitrary).
    pub fn initial_cells(&self, g: Value, bits: u32) -> Option<Vec<(i128, Cell)>> {
        let init = unsafe { LLVMGetInitializer(g) };
        if init.is_null() || unsafe { LLVMIsGlobalConstant(g) == 0 && LLVMIsExternallyInitialized(g) != 0 } {
            return None;
        }
        let mut out = Vec::new();
        self.cells(init, 0, bits, &mut out)?;
        let cell = i128::from(bits / 8);
        if out.iter().any(|(at, _)| at % cell != 0) {
            return None; // (a packed structure)
        }
        out.iter_mut().for_each(|(at, _)| *at /= cell);
        Some(out)
    }

    #[allow(deprecated)] // (LLVMGetElementAsConstant and LLVMGetArrayLength: the API of LLVM 14 too)
    fn cells(&self, c: Value, at: i128, bits: u32, out: &mut Vec<(i128, Cell)>) -> Option<()> {
        let t = llvm::type_of(c);
        let bytes = i128::from(bits / 8);
        if out.len() as u64 > MAX_INIT_CELLS {
            return None;
        }
        unsafe {
            if LLVMIsNull(c) != 0 {
                let n = self.size(t) / bytes;
                if n as u64 > MAX_INIT_CELLS {
                    return None;
                }
                out.extend((0..n).map(|i| (at + i * bytes, Cell::Int(0))));
                return Some(());
            }
            if llvm::is_undef(c) {
                return Some(()); // arbitrary cells
            }
        }
        match llvm::ty(t) {
            Ty::Int(b) if b == bits => out.push((at, Cell::Int(llvm::const_int(c)?))),
            Ty::Pointer if bits == self.ptr_bits => {
                let base = strip_gep(c);
                let off = if is_gep(c) { self.gep(c)?.constant } else { 0 };
                if unsafe { LLVMIsAGlobalVariable(base).is_null() } && !is_function(base) {
                    return None;
                }
                out.push((at, Cell::Address(base, off)));
            }
            Ty::Aggregate => unsafe {
                match LLVMGetTypeKind(t) {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        for i in 0..LLVMCountStructElementTypes(t) {
                            let off = i128::from(LLVMOffsetOfElement(self.td, t, i));
                            self.cells(element(c, i)?, at + off, bits, out)?;
                        }
                    }
                    _ => {
                        let stride = self.size(LLVMGetElementType(t));
                        for i in 0..LLVMGetArrayLength(t) {
                            self.cells(element(c, i)?, at + i128::from(i) * stride, bits, out)?;
                        }
                    }
                }
            },
            _ => return None,
        }
        Some(())
    }
}

/// Element `i` of a constant aggregate (data arrays keep theirs packed).
#[allow(deprecated)]
fn element(c: Value, i: u32) -> Option<Value> {
    let e = unsafe {
        if !LLVMIsAConstantDataSequential(c).is_null() {
            LLVMGetElementAsConstant(c, i)
        } else if i < llvm::num_operands(c) {
            LLVMGetOperand(c, i)
        } else {
            std::ptr::null_mut()
        }
    };
    (!e.is_null()).then_some(e)
}

/// Whether `v` is a `getelementptr` instruction or constant expression.
pub(super) fn is_gep(v: Value) -> bool {
    unsafe {
        (!LLVMIsAGetElementPtrInst(v).is_null())
            || (!LLVMIsAConstantExpr(v).is_null() && LLVMGetConstOpcode(v) == LLVMOpcode::LLVMGetElementPtr)
    }
}

/// The base of a constant `getelementptr` (itself for anything else).
fn strip_gep(v: Value) -> Value {
    if is_gep(v) && unsafe { LLVMIsAConstantExpr(v).is_null() } {
        return v;
    }
    if is_gep(v) {
        llvm::operand(v, 0)
    } else {
        v
    }
}
