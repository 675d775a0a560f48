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
//! loads stay fresh values. A region accessed at several widths (structures)
//! is modelled field by field (`fields.rs`): one array per field, addresses
//! in *units* of the greatest common divisor of its offsets, strides and
//! access sizes (a power of two, as every access size is).
//!
//! Invariant: an address is `base(site) + offset / unit` for in-bounds
//! pointers, the offset (in bytes) a multiple of the unit of the site's
//! region (its cell size where it has one width).

use super::fields::{self, Class, Classes, Field};
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

/// How a modelled region is laid out.
pub struct Model {
    /// The bytes an address counts in (the cell size of a region of one
    /// width).
    pub unit: i128,
    /// Its arrays: one for a region of one width (offset 0, every access),
    /// one per field for a region of several (`fields.rs`).
    pub fields: Vec<Field>,
    /// Whether the region has one width (its one field takes every access).
    pub single: bool,
    /// The period of its fields' offsets (0: none).
    period: i128,
    /// Whether its heap blocks are placed in allocation order ([`Layout::ordered_heap`]).
    ordered_heap: bool,
}

/// The memory layout of the entry function.
pub struct Layout {
    pub regions: Regions,
    pub ptr_bits: u32,
    /// The modelled regions' layouts.
    models: Vec<Option<Model>>,
    /// The offset classes of pointers into regions of several widths.
    classes: Classes,
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
        let classes = Classes::default();
        let mut layout = Layout { models: Vec::new(), classes, base: HashMap::new(), regions, ptr_bits, td };
        let n = layout.regions.regions.len();
        // every offset a getelementptr adds, and every stride, per region
        let (mut step, mut period): (Vec<i128>, Vec<i128>) = (vec![0; n], vec![0; n]);
        let insts: Vec<Value> = llvm::blocks(f).into_iter().flat_map(llvm::instructions).collect();
        for &inst in &insts {
            let geps = std::iter::once(inst).chain((0..llvm::num_operands(inst)).map(|i| llvm::operand(inst, i)));
            for g in geps.filter(|g| is_gep(*g)) {
                let (Some(r), Some(gep)) = (layout.regions.of(g), layout.gep(g)) else { continue };
                step[r] = gcd(step[r], gep.constant);
                for (_, stride) in &gep.strides {
                    step[r] = gcd(step[r], *stride);
                    period[r] = gcd(period[r], *stride);
                }
            }
        }
        // regions of several widths: their pointers' offset classes
        let multi: HashMap<usize, i128> = (0..n)
            .filter(|&r| {
                let region = &layout.regions.regions[r];
                region.unmodelled.is_none() && region.widths.len() > 1
            })
            .map(|r| (r, period[r]))
            .collect();
        if !multi.is_empty() {
            let constant = |g: Value| layout.gep(g).map(|g| g.constant);
            layout.classes = fields::classes(f, &layout.regions, &multi, &constant);
        }
        let mut accesses: HashMap<usize, Vec<(Class, u32)>> = HashMap::new();
        for &inst in &insts {
            let (ptr, t) = match llvm::opcode(inst) {
                LLVMOpcode::LLVMLoad => (llvm::operand(inst, 0), llvm::type_of(inst)),
                LLVMOpcode::LLVMStore => (llvm::operand(inst, 1), llvm::type_of(llvm::operand(inst, 0))),
                _ => continue,
            };
            let Some(r) = layout.regions.of(ptr).filter(|r| multi.contains_key(r)) else { continue };
            let bits = llvm::access_bits(t, ptr_bits);
            accesses.entry(r).or_default().push((layout.classes.of(ptr).unwrap_or(Class::Any), bits));
        }
        let mut refused = Vec::new();
        let models: Vec<Option<Model>> = (0..n)
            .map(|r| {
                let region = &layout.regions.regions[r];
                if region.unmodelled.is_some() {
                    return None;
                }
                if let Some(bits) = region.cell_bits {
                    let bytes = i128::from(bits / 8);
                    if bits % 8 != 0 || (step[r] != 0 && step[r] % bytes != 0) {
                        refused.push((r, "accesses that overlap partially".to_string()));
                        return None;
                    }
                    return Some(Model {
                        unit: bytes,
                        fields: vec![Field { offset: 0, bits }],
                        single: true,
                        period: 0,
                        ordered_heap: false,
                    });
                }
                let period = *multi.get(&r)?;
                match fields::fields(accesses.get(&r).map_or(&[][..], Vec::as_slice), period) {
                    Ok(fields) => {
                        let unit = fields.iter().fold(step[r], |u, f| gcd(u, i128::from(f.bits / 8))).max(1);
                        Some(Model { unit, fields, single: false, period, ordered_heap: false })
                    }
                    Err(why) => {
                        refused.push((r, why));
                        None
                    }
                }
            })
            .collect();
        layout.models = models;
        // (a program that frees a block may get its address again from the
        // allocator, and may compare the two: no order then)
        let frees = insts.iter().any(|i| {
            llvm::opcode(*i) == LLVMOpcode::LLVMCall
                && matches!(llvm::name(llvm::called_value(*i)).as_str(), "free" | "realloc")
        });
        for r in 0..n {
            let heap: Vec<Value> =
                layout.regions.regions[r].sites.iter().copied().filter(|s| is_heap_site(*s)).collect();
            let several = heap.len() > 1 || heap.iter().any(|s| on_cycle(unsafe { LLVMGetInstructionParent(*s) }));
            if let Some(m) = layout.models[r].as_mut() {
                m.ordered_heap = several && !frees;
            }
        }
        for (r, why) in refused {
            layout.regions.regions[r].unmodelled = Some(why);
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
            let Some(cell) = self.models[r].as_ref().map(|m| m.unit) else { continue };
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
                if size.is_some_and(|s| i128::from(s) < spacing && k < max_sites) {
                    k += 1;
                    self.base.insert(site, k * spacing / cell);
                }
            }
        }
        for r in 0..self.regions.regions.len() {
            let cell = self.models[r].as_ref().map_or(1, |m| m.unit);
            for site in self.regions.regions[r].sites.clone() {
                if is_function(site) && !self.base.contains_key(&site) && k < max_sites {
                    k += 1;
                    self.base.insert(site, k * spacing / cell);
                }
            }
        }
    }

    /// The region of a pointer, if it is modelled.
    pub fn region(&self, ptr: Value) -> Option<usize> {
        let r = self.regions.of(ptr)?;
        self.models.get(r)?.as_ref().map(|_| r)
    }

    /// The region of a pointer and its cell width, if it is modelled with
    /// one width (one array that every access and range operation uses).
    pub fn single(&self, ptr: Value) -> Option<(usize, u32)> {
        let r = self.regions.of(ptr)?;
        let m = self.models.get(r)?.as_ref().filter(|m| m.single)?;
        Some((r, m.fields[0].bits))
    }

    /// The array (region, field) that an access of `bits` at `ptr` reads or
    /// writes, if the model has one.
    pub fn field(&self, ptr: Value, bits: u32) -> Option<(usize, usize)> {
        let r = self.regions.of(ptr)?;
        let m = self.models.get(r)?.as_ref()?;
        if m.single {
            return (m.fields[0].bits == bits).then_some((r, 0));
        }
        let Some(Class::At(offset)) = self.classes.of(ptr) else { return None };
        let offset = if m.period == 0 { offset } else { offset.rem_euclid(m.period) };
        let f = m.fields.iter().position(|f| f.offset == offset && f.bits == bits)?;
        Some((r, f))
    }

    /// Whether the heap blocks of region `r` are kept apart in the model by
    /// their order: each block that `malloc`, `calloc` or `realloc` returns
    /// starts at or above the end of the one before (a region with several
    /// blocks: several allocating calls, or one in a loop), in a program
    /// that frees none (glibc hands a freed block's address out again, and
    /// a program may compare the two pointers). Then the order
    /// of two blocks' model addresses is not the program's, and only
    /// equality compares them.
    pub fn ordered_heap(&self, r: usize) -> bool {
        self.models.get(r).and_then(Option::as_ref).is_some_and(|m| m.ordered_heap)
    }

    /// The field that an access of `bits` at `offset` bytes past `ptr` uses,
    /// in a region of several widths.
    pub fn field_at(&self, ptr: Value, offset: i128, bits: u32) -> Option<usize> {
        let m = self.models.get(self.regions.of(ptr)?)?.as_ref().filter(|m| !m.single)?;
        let Some(Class::At(c)) = self.classes.of(ptr) else { return None };
        let at = if m.period == 0 { c + offset } else { (c + offset).rem_euclid(m.period) };
        m.fields.iter().position(|f| f.offset == at && f.bits == bits)
    }

    /// The cells of `len` bytes from `ptr` in a region of several widths,
    /// as (field, byte offset from `ptr`), every field's cell whose bytes
    /// lie in the range; `None` if a field's cell lies partly in it (or the
    /// range is not in whole units, or `ptr`'s field is not known).
    pub fn range_fields(&self, ptr: Value, len: i128) -> Option<Vec<(usize, i128)>> {
        let m = self.models.get(self.regions.of(ptr)?)?.as_ref().filter(|m| !m.single)?;
        let Some(Class::At(c)) = self.classes.of(ptr) else { return None };
        if len % m.unit != 0 {
            return None;
        }
        let mut out = Vec::new();
        for (i, f) in m.fields.iter().enumerate() {
            let bytes = i128::from(f.bits / 8);
            // the field's cells at offsets `o` from `ptr`: one, or one per period
            let cells: Vec<i128> = if m.period == 0 {
                vec![f.offset - c]
            } else {
                let first = (f.offset - c).rem_euclid(m.period) - m.period;
                (0..).map(|k| first + k * m.period).take_while(|o| *o < len).collect()
            };
            for o in cells.into_iter().filter(|o| *o < len && o + bytes > 0) {
                if o < 0 || o + bytes > len {
                    return None;
                }
                out.push((i, o));
            }
        }
        Some(out)
    }

    /// The arrays of a region (none if it is not modelled).
    pub fn fields(&self, r: usize) -> &[Field] {
        self.models.get(r).and_then(Option::as_ref).map_or(&[], |m| m.fields.as_slice())
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

    /// The constant base of a static allocation site, in cells of its region.
    pub fn base(&self, site: Value) -> Option<i128> {
        self.base.get(&site).copied()
    }

    /// The bytes an address of the region of `ptr` counts in (its cell size
    /// where it has one width), if it is modelled.
    pub fn unit_bytes(&self, ptr: Value) -> Option<i128> {
        let r = self.regions.of(ptr)?;
        Some(self.models.get(r)?.as_ref()?.unit)
    }

    /// A `getelementptr` on a pointer of a modelled region, in units of the
    /// region; `None` where an offset is not a whole number of units.
    pub fn gep_cells(&self, g: Value) -> Option<Gep> {
        let cell = self.unit_bytes(g)?;
        let bytes = self.gep(g)?;
        let cells = |b: i128| (b % cell == 0).then_some(b / cell);
        let strides = bytes.strides.into_iter().map(|(v, s)| Some((v, cells(s)?))).collect::<Option<_>>()?;
        Some(Gep { constant: cells(bytes.constant)?, strides })
    }

    fn size(&self, t: LLVMTypeRef) -> i128 {
        i128::from(unsafe { LLVMABISizeOfType(self.td, t) })
    }

    /// The module's data layout.
    pub fn data_layout(&self) -> LLVMTargetDataRef {
        self.td
    }

    /// A `getelementptr` (instruction or constant) in bytes ([`gep_bytes`]).
    pub fn gep(&self, g: Value) -> Option<Gep> {
        gep_bytes(self.td, g)
    }

    /// The initial cells of a global's field `field` (of its modelled
    /// region), as (offset in units, value); `None` if it has no initializer
    /// the model writes (then its cells start arbitrary).
    pub fn initial_cells(&self, g: Value, field: Field) -> Option<Vec<(i128, Cell)>> {
        let m = self.models.get(self.regions.of(g)?)?.as_ref()?;
        let init = unsafe { LLVMGetInitializer(g) };
        if init.is_null() || unsafe { LLVMIsGlobalConstant(g) == 0 && LLVMIsExternallyInitialized(g) != 0 } {
            return None;
        }
        let mut out = Vec::new();
        if m.single {
            self.cells(init, 0, field.bits, &mut out)?;
        } else {
            let mut leaves = Vec::new();
            self.leaves(init, 0, &mut leaves)?;
            let class = |at: i128| if m.period == 0 { at } else { at.rem_euclid(m.period) };
            out.extend(
                leaves
                    .into_iter()
                    .filter(|(at, bits, _)| *bits == field.bits && class(*at) == field.offset)
                    .map(|(at, _, cell)| (at, cell)),
            );
        }
        if out.iter().any(|(at, _)| at % m.unit != 0) {
            return None; // (a packed structure)
        }
        out.iter_mut().for_each(|(at, _)| *at /= m.unit);
        Some(out)
    }

    /// The integer and pointer leaves of a constant at byte offset `at`, with
    /// their widths (zeroes for a null aggregate, none for `undef`: arbitrary
    /// bytes); `None` past [`MAX_INIT_CELLS`] or for an address the model
    /// has no base for.
    #[allow(deprecated)] // (LLVMGetArrayLength: the API of LLVM 14 too)
    fn leaves(&self, c: Value, at: i128, out: &mut Vec<(i128, u32, Cell)>) -> Option<()> {
        if out.len() as u64 > MAX_INIT_CELLS {
            return None;
        }
        if llvm::is_undef(c) {
            return Some(());
        }
        let t = llvm::type_of(c);
        let null = unsafe { LLVMIsNull(c) != 0 };
        match llvm::ty(t) {
            Ty::Int(b) => out.push((at, b, Cell::Int(if null { 0 } else { llvm::const_int(c)? }))),
            Ty::Pointer if null => out.push((at, self.ptr_bits, Cell::Int(0))),
            Ty::Pointer => {
                let base = strip_gep(c);
                let off = if is_gep(c) { self.gep(c)?.constant } else { 0 };
                if unsafe { LLVMIsAGlobalVariable(base).is_null() } && !is_function(base) {
                    return None;
                }
                out.push((at, self.ptr_bits, Cell::Address(base, off)));
            }
            Ty::Aggregate => unsafe {
                let elem = |i: u32, e: LLVMTypeRef| if null { Some(LLVMConstNull(e)) } else { element(c, i) };
                match LLVMGetTypeKind(t) {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        for i in 0..LLVMCountStructElementTypes(t) {
                            let off = i128::from(LLVMOffsetOfElement(self.td, t, i));
                            self.leaves(elem(i, LLVMStructGetTypeAtIndex(t, i))?, at + off, out)?;
                        }
                    }
                    _ => {
                        let e = LLVMGetElementType(t);
                        let stride = self.size(e);
                        for i in 0..LLVMGetArrayLength(t) {
                            self.leaves(elem(i, e)?, at + i128::from(i) * stride, out)?;
                        }
                    }
                }
            },
            // a float's bits (a NaN's payload is unknown: no initial cells)
            _ => {
                if let Some(bits) = llvm::cell_float_bits(t) {
                    out.push((at, bits, Cell::Int(if null { 0 } else { llvm::const_float_bits(c)? })));
                }
            }
        }
        Some(())
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
            Ty::Float if llvm::cell_float_bits(t) == Some(bits) => {
                out.push((at, Cell::Int(llvm::const_float_bits(c)?)))
            }
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

/// Whether `site` is a call of `malloc`, `calloc` or `realloc`.
pub fn is_heap_site(site: Value) -> bool {
    llvm::is_instruction(site)
        && llvm::opcode(site) == LLVMOpcode::LLVMCall
        && matches!(llvm::name(llvm::called_value(site)).as_str(), "malloc" | "calloc" | "realloc")
}

/// A `getelementptr` (instruction or constant) in bytes, walking its
/// source element type under the data layout `td`; `None` for a vector
/// index or a struct field that is not a constant.
pub fn gep_bytes(td: LLVMTargetDataRef, g: Value) -> Option<Gep> {
    let size = |t| i128::from(unsafe { LLVMABISizeOfType(td, t) });
    let mut t = unsafe { LLVMGetGEPSourceElementType(g) };
    let mut out = Gep { constant: 0, strides: Vec::new() };
    for k in 1..llvm::num_operands(g) {
        let idx = llvm::operand(g, k);
        let stride = if k == 1 {
            size(t)
        } else {
            match unsafe { LLVMGetTypeKind(t) } {
                LLVMTypeKind::LLVMStructTypeKind => {
                    let field = u32::try_from(llvm::const_int(idx)?).ok()?;
                    out.constant += i128::from(unsafe { LLVMOffsetOfElement(td, t, field) });
                    t = unsafe { LLVMStructGetTypeAtIndex(t, field) };
                    continue;
                }
                LLVMTypeKind::LLVMArrayTypeKind => {
                    t = unsafe { LLVMGetElementType(t) };
                    size(t)
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

/// Whether a block lies on a cycle of its function's control flow (it may
/// run more than once).
pub(super) fn on_cycle(bb: llvm_sys::prelude::LLVMBasicBlockRef) -> bool {
    let succ = |b| llvm::successors(unsafe { LLVMGetBasicBlockTerminator(b) });
    let mut seen = std::collections::HashSet::new();
    let mut stack = succ(bb);
    while let Some(b) = stack.pop() {
        if b == bb {
            return true;
        }
        if seen.insert(b) {
            stack.extend(succ(b));
        }
    }
    false
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
