//! The lowered program.
//!
//! Design rules that the interpreter and the encoder both rely on:
//!
//! * **Expressions are pure.** Every side effect of C (assignment, `++`/`--`, calls, I/O) is a
//!   statement; the lowerer hoists them out of expressions into temporaries, in C's evaluation
//!   order. `&&`, `||` and `?:` stay expressions when their operands are pure; they still
//!   short-circuit (a division by zero in an unevaluated operand is not undefined behaviour).
//! * **Conversions are explicit.** The lowerer inserts [`ExprKind::Cast`] for every integer
//!   promotion, usual arithmetic conversion and assignment conversion, so a [`ExprKind::Binary`]
//!   node computes in exactly its own type `ty` (comparison operands share one type; shift
//!   operands are promoted separately) and an [`StmtKind::Assign`] value already has the type of
//!   its place.
//! * **Control flow is structured.** Loops are [`StmtKind::Loop`] with explicit `Break`s (the loop
//!   condition is an ordinary `If` whose [`Component`] says it is a loop condition); `continue`
//!   runs the loop's `latch` (the `for` step, or the `do … while` test). Switch arms fall through.
//! * **Every node has a span** in an original file and an id: [`StmtId`] for statements,
//!   [`ExprId`] for expressions, unique across the program. Ids index side tables (coverage,
//!   recorded values, overrides, health variables).

use serde::Serialize;

use crate::format::FmtPiece;
use crate::source::{SourceFiles, Span};
use crate::types::{IntKind, Type};

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        pub struct $name(pub u32);
        impl $name {
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A function of the program.
    FuncId
);
id_type!(
    /// A global variable (file-scope or function-`static`).
    GlobalId
);
id_type!(
    /// A local variable or parameter, indexing [`Function::locals`].
    LocalId
);
id_type!(
    /// A statement, unique in the program.
    StmtId
);
id_type!(
    /// An expression node, unique in the program.
    ExprId
);

/// A whole translation unit after lowering.
#[derive(Clone, Debug)]
pub struct Program {
    pub files: SourceFiles,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    /// `main`, if defined.
    pub main: Option<FuncId>,
    /// Unit tests: every `void test_*(void)` function, in source order.
    pub tests: Vec<FuncId>,
    /// One past the largest [`StmtId`].
    pub stmt_count: u32,
    /// One past the largest [`ExprId`].
    pub expr_count: u32,
    /// The variables and results that hold function pointers (stored as `long` function
    /// numbers, see [`crate::Type::FnPtr`]): their values are shown as the function's name.
    pub fn_pointers: FnPointers,
    /// The `assume` statements Faultline itself adds for its own bounds (a variable-length
    /// array's size past [`LowerOptions::max_vla_elements`]), by span: a run that stops at one
    /// was not analysed because of Faultline's limit, not because the inputs are outside the
    /// program's contract (a user's `assume(c)`), and the runner says so.
    pub bound_checks: Vec<Span>,
    /// The options the program was lowered with: every recompile of an edited text (repair
    /// validation, the bench's check of a repair) passes them again, so that the edited
    /// program has the same bounds as the one the tests ran on.
    pub options: LowerOptions,
}

/// The default of [`LowerOptions::max_vla_elements`].
pub const DEFAULT_MAX_VLA_ELEMENTS: u64 = 1024;

/// The most [`LowerOptions::max_vla_elements`] may be: the largest object the lowerer accepts
/// (every cell is modelled by the interpreter and the formula).
pub const MAX_VLA_ELEMENTS_CEILING: u64 = 1 << 22;

/// Settings that change the lowered program itself (`faultline.toml`'s `[limits]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowerOptions {
    /// A variable-length array `T a[n]` is an array of this many elements, and a run whose `n`
    /// is larger stops at an assumption ([`Program::bound_checks`]): the interpreter and the
    /// formula model every cell, so the bound keeps both finite. From 1 to
    /// [`MAX_VLA_ELEMENTS_CEILING`].
    pub max_vla_elements: u64,
}

impl Default for LowerOptions {
    fn default() -> Self {
        LowerOptions {
            max_vla_elements: DEFAULT_MAX_VLA_ELEMENTS,
        }
    }
}

/// Which IR variables hold function pointers: the lowerer erases [`crate::Type::FnPtr`] to
/// `long` (see [`crate::Type::storage`]), so without this a relaxed `op = sub` would show its
/// angelic value as a function number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FnPointers {
    /// Globals of function pointer type (or arrays of them).
    pub globals: Vec<GlobalId>,
    /// Locals and parameters of function pointer type (or arrays of them), per function.
    pub locals: Vec<(FuncId, LocalId)>,
    /// Functions whose result is a function pointer.
    pub results: Vec<FuncId>,
}

impl Program {
    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.index()]
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.index()]
    }

    /// A function pointer's value as C names it: `NULL` for 0, the function's name for a
    /// function's number (its index plus one, see [`crate::Type::FnPtr`]).
    pub fn fn_pointer_name(&self, value: i128) -> Option<String> {
        if value == 0 {
            return Some("NULL".into());
        }
        let i = usize::try_from(value - 1).ok()?;
        self.functions.get(i).map(|f| f.name.clone())
    }

    pub fn function_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| FuncId(i as u32))
    }

    /// Visit every statement of every function, depth first, in source order.
    pub fn for_each_stmt(&self, mut f: impl FnMut(FuncId, &Stmt)) {
        for (i, func) in self.functions.iter().enumerate() {
            visit_block(&func.body, &mut |s| f(FuncId(i as u32), s));
        }
    }
}

fn visit_block<'a>(block: &'a Block, f: &mut impl FnMut(&'a Stmt)) {
    for s in block {
        f(s);
        match &s.kind {
            StmtKind::If { then_, else_, .. } => {
                visit_block(then_, f);
                visit_block(else_, f);
            }
            StmtKind::Loop { body, latch } => {
                visit_block(body, f);
                visit_block(latch, f);
            }
            StmtKind::Switch { arms, .. } => {
                for arm in arms {
                    visit_block(&arm.body, f);
                }
            }
            _ => {}
        }
    }
}

/// Visit a block's statements depth first (public for crates that walk one function).
pub fn walk_block<'a>(block: &'a Block, f: &mut impl FnMut(&'a Stmt)) {
    visit_block(block, f)
}

/// A global variable. Its initial value is constant: the lowerer folds the initializer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Global {
    pub name: String,
    pub ty: Type,
    /// Initial scalar values in row-major order, exactly `ty.scalar_count()` of them (zero
    /// where C zero-initializes).
    pub init: Vec<i128>,
    pub span: Span,
}

impl Global {
    /// Whether this is the object of a string literal (named `string#N` by the lowerer, a
    /// name no C identifier can have): read-only, a write into it is undefined behaviour.
    pub fn is_string_literal(&self) -> bool {
        self.name.starts_with("string#")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum LocalKind {
    Param,
    /// A variable the user declared.
    User,
    /// A temporary the lowerer introduced (hoisted call result, post-increment's old value…).
    Temp,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalDecl {
    pub name: String,
    pub ty: Type,
    pub kind: LocalKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    pub name: String,
    /// Parameters, in order; each is a local of kind `Param`.
    pub params: Vec<LocalId>,
    pub ret: Type,
    pub locals: Vec<LocalDecl>,
    pub body: Block,
    /// The whole definition.
    pub span: Span,
    /// The function's name in its declarator (where failures of IO tests are shown).
    pub name_span: Span,
}

impl Function {
    pub fn local(&self, id: LocalId) -> &LocalDecl {
        &self.locals[id.index()]
    }
}

pub type Block = Vec<Stmt>;

/// What kind of fault-localization component a statement is (`None` on [`Stmt::component`]
/// for statements the user did not write, such as temporaries and zero-fills).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Component {
    /// Assignment, initialized declaration, compound assignment, `++`/`--`.
    Assign,
    /// `return e;`
    Return,
    /// A call statement (its value, if any, flows to the statement that uses it).
    Call,
    /// An expression argument of an output statement or of a call to a user function,
    /// computed into a temporary just before the statement: `a - b` in
    /// `printf("%d\n", a - b)` or in `f(a - b)` can be wrong on its own, without the text
    /// around it (which is the output statement's) or the call (whose weight is its callee's).
    /// A user call's literal argument is one too (`check(a, b, 1)` where `-1` was meant);
    /// a plain variable is not (it only passes a value along).
    /// Arguments of recursive calls stay inside the call (see `faultline-lower`).
    Argument,
    /// An array index that is an expression (`i + 1` in `a[i + 1]`), computed into a
    /// temporary just before the statement that indexes, so that a wrong index is blamed on
    /// its own, at the weight of an assignment.
    Index,
    /// Condition of an `if`.
    IfCond,
    /// Condition of a `while`/`for`/`do` loop.
    LoopCond,
    /// Condition of a `?:` with side effects (pure ones stay inside their expression).
    TernaryCond,
    /// Arm selection of a `switch`.
    SwitchCond,
    /// `scanf`, `getchar`, nondet inputs, `atoi(argv[i])`.
    Input,
    /// `printf`, `putchar`, `puts`: what the statement prints (its format text; its arguments
    /// are [`Component::Argument`]s).
    Output,
}

impl Component {
    pub const fn is_condition(self) -> bool {
        matches!(
            self,
            Component::IfCond
                | Component::LoopCond
                | Component::TernaryCond
                | Component::SwitchCond
        )
    }

    pub const fn is_io(self) -> bool {
        matches!(self, Component::Input | Component::Output)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stmt {
    pub id: StmtId,
    pub kind: StmtKind,
    /// The C statement or declarator this came from, in the user's file (for a statement produced
    /// by a macro, the macro's use site).
    pub span: Span,
    pub component: Option<Component>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StmtKind {
    /// The local's storage becomes indeterminate (entering its scope again). Never a component.
    Decl(LocalId),
    /// `place = value`; `value.ty` is the place's scalar type.
    Assign { place: Place, value: Expr },
    /// Call a user function. `dest` (a `Temp` local of exactly the return type) receives the
    /// result.
    Call {
        dest: Option<LocalId>,
        func: FuncId,
        args: Vec<Arg>,
    },
    /// A library function with side effects.
    Builtin(Builtin),
    If {
        cond: Expr,
        then_: Block,
        else_: Block,
    },
    /// `loop { body; latch }`: leaves only by `Break`, `Return` or `Exit`; `Continue` jumps to
    /// `latch`.
    Loop { body: Block, latch: Block },
    /// Evaluate `scrutinee`, enter the first arm one of whose labels matches (else the `default`
    /// arm, else nothing) and fall through the following arms until a `Break`.
    Switch {
        scrutinee: Expr,
        arms: Vec<SwitchArm>,
    },
    /// Leaves the innermost loop or switch.
    Break,
    /// Jumps to the innermost loop's latch.
    Continue,
    /// `value.ty` is the function's return type.
    Return(Option<Expr>),
    /// `assert(cond)`: a failure when `cond` is 0.
    Assert(Expr),
    /// `assume(cond)` / `__VERIFIER_assume(cond)`: a run whose assumption fails is not a test of
    /// the program (reported as such, neither pass nor fail).
    Assume(Expr),
    /// `exit(code)`; `code.ty` is `int`.
    Exit(Expr),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SwitchArm {
    /// `case` values (already converted to the promoted scrutinee type); empty with `is_default`
    /// for `default:` alone.
    pub values: Vec<i128>,
    pub is_default: bool,
    pub body: Block,
    /// The arm's `case …:` labels.
    pub span: Span,
}

/// A library call with side effects.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// `printf(fmt, …)`, `fprintf(stdout|stderr, fmt, …)`. Arguments are checked against the
    /// conversions and already converted to the type each expects (after default promotions):
    /// a floating conversion's argument is a `double` expression (its value is its bit pattern);
    /// a 32-bit argument that a 64-bit conversion reads (`%ld` of an `int`) is zero-extended,
    /// as gcc's x86-64 code leaves the upper half of the register it passes it in. Arguments
    /// past the last conversion are evaluated (statements before the call) and ignored, as C
    /// says.
    Printf {
        stream: Stream,
        format: Vec<FmtPiece>,
        args: Vec<PrintArg>,
        /// The first conversion whose argument it cannot read (`args` then holds the
        /// arguments as given, each evaluated, and nothing is printed): reaching the call is
        /// undefined behaviour there.
        undefined: Option<Box<crate::format::FormatMismatch>>,
    },
    /// `putchar(c)`: writes `(unsigned char)c`.
    Putchar { stream: Stream, value: Expr },
    /// `puts(s)`: writes the string and a newline.
    Puts(StrArg),
    /// `n = scanf(fmt, &a, &b…)`: conversions are `%d %i %u %ld %lld %lu %c %x`; each target's
    /// scalar type matches its conversion. `dest` receives the count of assigned items, or -1
    /// (EOF) when input ends before the first conversion.
    Scanf {
        format: Vec<FmtPiece>,
        targets: Vec<Place>,
        dest: Option<LocalId>,
    },
    /// `dest = getchar()`: next input byte, or -1 at end of input.
    Getchar { dest: LocalId },
    /// `dest = __VERIFIER_nondet_int()` and friends: the next value of the test case's `nondet`
    /// list, converted to `ty`.
    Nondet { dest: LocalId, ty: IntKind },
    /// `dest = atoi(s)` (also `atol`, `atoll` with the matching `dest` type).
    Atoi { dest: LocalId, arg: StrArg },
    /// `dest = f(args…)` for a `math.h` function: `kind` is `Double` (`sqrt`) or `Float`
    /// (`sqrtf`); the arguments are already converted to it and `dest` is a `Temp` of it. Pure,
    /// but a statement like a call so that expressions stay cheap to evaluate and encode.
    Math {
        dest: LocalId,
        func: crate::float::MathFn,
        kind: IntKind,
        args: Vec<Expr>,
    },
    /// `dest = atof(s)`: `strtod(s, NULL)` (`dest` is a `double` `Temp`).
    Atof { dest: LocalId, arg: StrArg },
    /// A `string.h` function on `char` arrays and literals ([`StrFn`] says which operands it
    /// takes); `dest` (a `Temp` of `func.result()`) receives an integer result. The C library's
    /// semantics are `faultline_libc::string`'s; reading or writing past an operand's object
    /// is undefined behaviour at the call.
    Str {
        func: StrFn,
        dest: Option<LocalId>,
        args: Vec<StrOperand>,
    },
    /// `fgets(buf, size, stdin)`, or `gets(buf)` when `size` is `None`: reads a line into the
    /// `char` array `buf` (a place whose indices stop above the `char` cells). `dest` (an `int`
    /// `Temp`) receives 1 when something was read, 0 for NULL (end of input, `buf` untouched):
    /// the lowerer only lets the result be compared with NULL or tested for truth.
    Fgets {
        buf: Place,
        size: Option<Expr>,
        dest: Option<LocalId>,
    },
    /// `sprintf(buf, fmt, …)`, or `snprintf(buf, size, fmt, …)` when `size` (a `size_t`) is
    /// given: renders like [`Builtin::Printf`] into the `char` array `buf` (a place whose
    /// indices stop above the cells) with a NUL; `snprintf` writes at most `size - 1` bytes and
    /// the NUL. Writing past `buf` is undefined behaviour at the call. `dest` (an `int` `Temp`)
    /// receives the length of the whole rendered text (the number of bytes `snprintf` would have
    /// written with room).
    Sprintf {
        buf: Place,
        size: Option<Expr>,
        format: Vec<FmtPiece>,
        args: Vec<PrintArg>,
        dest: Option<LocalId>,
        /// As [`Builtin::Printf`]'s: nothing is written when set.
        undefined: Option<Box<crate::format::FormatMismatch>>,
    },
    /// `dest = strtol(arg, &end, base)` and `strtoul`/`strtoll`/`strtoull` (`kind` is the result
    /// type, `dest` a `Temp` of it): glibc's conversion (white space, sign, `0x`/`0` prefixes
    /// by base, saturation on overflow). `end`, a `char *` object, receives a pointer just
    /// past the digits (to `arg` itself when there are none); `None` for a NULL `endptr`.
    Strtol {
        dest: LocalId,
        kind: IntKind,
        arg: StrArg,
        end: Option<Place>,
        base: Expr,
    },
    /// `n = sscanf(src, fmt, &a, …)`: [`Builtin::Scanf`] reading the string `src` (up to its
    /// NUL) instead of stdin; `dest` receives the count of assigned items, or -1 (EOF) when the
    /// string ends before the first conversion.
    Sscanf {
        src: StrArg,
        format: Vec<FmtPiece>,
        targets: Vec<Place>,
        dest: Option<LocalId>,
    },
    /// A library call of [`LibOp`]: its `args` are already converted to the types the op
    /// lists; `dest` receives its result.
    Lib {
        op: LibOp,
        dest: Option<LocalId>,
        args: Vec<Expr>,
    },
}

/// Library calls of [`Builtin::Lib`]: dynamic memory, `ungetc` and the output byte count.
/// The interpreter runs them; the formula models dynamic memory (`faultline_ssa`'s
/// `symex::heap`) and refuses the other two at the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum LibOp {
    /// `dest = malloc(bytes)`: args `[bytes: unsigned long]`, `dest` a pointer `Temp`. The new
    /// object's cells get their type from the first access through a typed pointer (C's
    /// effective type); its contents are indeterminate.
    Malloc,
    /// `dest = calloc(n, size)`: args `[n, size]` (`unsigned long`); zero-filled.
    Calloc,
    /// `dest = realloc(p, bytes)`: args `[p: pointer, bytes]`; a new object holding the old
    /// one's cells (as many as fit), the old one freed.
    Realloc,
    /// `free(p)`: args `[p]`; no `dest`.
    Free,
    /// `dest = ungetc(c, stdin)`: args `[c: int]`; one byte of push-back (glibc), `dest` an
    /// `int` `Temp` (`c` as `unsigned char`, or `EOF` for `c == EOF`).
    Ungetc,
    /// `dest = bytes written to stdout and stderr so far` (an `int` `Temp`); no args. The lowerer
    /// reads it before and after `printf`/`puts` to give their result (the bytes they wrote).
    OutputCount,
    /// A call through a function pointer that points to no function (null, or a number no
    /// function of its type has: the `default` arm of the lowerer's `switch` of calls): no
    /// args, no `dest`; undefined behaviour, the run stops there.
    NullCall,
}

impl LibOp {
    pub const fn name(self) -> &'static str {
        match self {
            LibOp::Malloc => "malloc",
            LibOp::Calloc => "calloc",
            LibOp::Realloc => "realloc",
            LibOp::Free => "free",
            LibOp::Ungetc => "ungetc",
            LibOp::OutputCount => "the result of an output call",
            LibOp::NullCall => "a call through a null function pointer",
        }
    }
}

/// A `string.h` function the IR models. Those with a pointer result (`strchr`, `strrchr`,
/// `strstr`, `strpbrk`) return a pointer into their first operand's object (or NULL): the
/// interpreter runs them; the formula, which has no pointers yet, refuses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum StrFn {
    /// `strlen(s)`: `size_t`.
    Strlen,
    /// `strcmp(a, b)`: `int`.
    Strcmp,
    /// `strncmp(a, b, n)`
    Strncmp,
    /// `memcmp(a, b, n)`
    Memcmp,
    /// `strcpy(dst, src)` (result pointer unused)
    Strcpy,
    /// `strncpy(dst, src, n)`
    Strncpy,
    /// `strcat(dst, src)`
    Strcat,
    /// `strncat(dst, src, n)`
    Strncat,
    /// `memset(dst, c, n)`
    Memset,
    /// `memcpy(dst, src, n)`
    Memcpy,
    /// `memmove(dst, src, n)`
    Memmove,
    /// `strchr(s, c)`: `char *`.
    Strchr,
    /// `strrchr(s, c)`: `char *`.
    Strrchr,
    /// `strstr(hay, needle)`: `char *`.
    Strstr,
    /// `strpbrk(s, accept)`: `char *`.
    Strpbrk,
    /// `strspn(s, accept)`: `size_t`.
    Strspn,
    /// `strcspn(s, reject)`: `size_t`.
    Strcspn,
}

impl StrFn {
    pub fn from_name(name: &str) -> Option<StrFn> {
        Some(match name {
            "strlen" => StrFn::Strlen,
            "strcmp" => StrFn::Strcmp,
            "strncmp" => StrFn::Strncmp,
            "memcmp" => StrFn::Memcmp,
            "strcpy" => StrFn::Strcpy,
            "strncpy" => StrFn::Strncpy,
            "strcat" => StrFn::Strcat,
            "strncat" => StrFn::Strncat,
            "memset" => StrFn::Memset,
            "memcpy" => StrFn::Memcpy,
            "memmove" => StrFn::Memmove,
            "strchr" => StrFn::Strchr,
            "strrchr" => StrFn::Strrchr,
            "strstr" => StrFn::Strstr,
            "strpbrk" => StrFn::Strpbrk,
            "strspn" => StrFn::Strspn,
            "strcspn" => StrFn::Strcspn,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            StrFn::Strlen => "strlen",
            StrFn::Strcmp => "strcmp",
            StrFn::Strncmp => "strncmp",
            StrFn::Memcmp => "memcmp",
            StrFn::Strcpy => "strcpy",
            StrFn::Strncpy => "strncpy",
            StrFn::Strcat => "strcat",
            StrFn::Strncat => "strncat",
            StrFn::Memset => "memset",
            StrFn::Memcpy => "memcpy",
            StrFn::Memmove => "memmove",
            StrFn::Strchr => "strchr",
            StrFn::Strrchr => "strrchr",
            StrFn::Strstr => "strstr",
            StrFn::Strpbrk => "strpbrk",
            StrFn::Strspn => "strspn",
            StrFn::Strcspn => "strcspn",
        }
    }

    /// The operands in order: `true` for a string/array operand, `false` for an integer
    /// (`c` of `memset`, `n` as `size_t`).
    pub const fn operands(self) -> &'static [bool] {
        match self {
            StrFn::Strlen => &[true],
            StrFn::Strcmp
            | StrFn::Strcpy
            | StrFn::Strcat
            | StrFn::Strstr
            | StrFn::Strpbrk
            | StrFn::Strspn
            | StrFn::Strcspn => &[true, true],
            StrFn::Strchr | StrFn::Strrchr => &[true, false],
            StrFn::Memset => &[true, false, false],
            _ => &[true, true, false],
        }
    }

    /// Whether the result is a pointer into the first operand's object.
    pub const fn returns_pointer(self) -> bool {
        matches!(
            self,
            StrFn::Strchr | StrFn::Strrchr | StrFn::Strstr | StrFn::Strpbrk
        )
    }

    /// Whether the first operand is written (a destination).
    pub const fn writes(self) -> bool {
        matches!(
            self,
            StrFn::Strcpy
                | StrFn::Strncpy
                | StrFn::Strcat
                | StrFn::Strncat
                | StrFn::Memset
                | StrFn::Memcpy
                | StrFn::Memmove
        )
    }

    /// The type of the integer result, for the functions that have one.
    pub const fn result(self) -> Option<IntKind> {
        match self {
            StrFn::Strlen | StrFn::Strspn | StrFn::Strcspn => Some(IntKind::ULong),
            StrFn::Strchr | StrFn::Strrchr | StrFn::Strstr | StrFn::Strpbrk => Some(IntKind::Ptr),
            StrFn::Strcmp | StrFn::Strncmp | StrFn::Memcmp => Some(IntKind::Int),
            _ => None,
        }
    }
}

/// An operand of a [`Builtin::Str`] call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StrOperand {
    Str(StrArg),
    /// An integer, already converted (`int` for `memset`'s `c`, `unsigned long` for `n`).
    Int(Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// An argument of `printf`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PrintArg {
    Int(Expr),
    Str(StrArg),
}

/// A string operand: a literal, `argv[i]`, or a `char` array holding a NUL-terminated string.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StrArg {
    Literal(String),
    /// A row of an array (or `argv`), addressed by a place whose indices stop one level above the
    /// `char` cells: `argv[i]` is `Place { base: Argv, indices: [i] }`.
    Array(Place),
    /// A `char *` value (an `IntKind::Ptr` expression): the string starts where it points,
    /// inside its object (`p`, `s + 1`, `strchr(s, ',') + 1`).
    Ptr(Expr),
}

impl StrArg {
    /// Where the operand is written; a literal has no span of its own, so `whole` (the
    /// statement's) stands in.
    pub fn span_or(&self, whole: Span) -> Span {
        match self {
            StrArg::Array(p) => p.span,
            StrArg::Ptr(e) => e.span,
            StrArg::Literal(_) => whole,
        }
    }
}

/// An argument of a user-function call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A scalar, already converted to the parameter type.
    Value(Expr),
    /// An array passed by reference: a whole array variable, an array parameter, or a row of a
    /// multi-dimensional array (a place with fewer indices than dimensions).
    ArrayRef(Place),
}

/// Storage a place starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum VarRef {
    Local(LocalId),
    Global(GlobalId),
    /// `main`'s `argv`: a read-only `char` array of `argc + 1` rows, each the argument's bytes
    /// plus a NUL (`argv[argc]` is the null pointer: any cell access there is an error).
    Argv,
}

/// A variable or an array cell: `base[i0][i1]…`. Indices are `long`-typed expressions (the
/// lowerer converts), checked against the bounds of the object at run time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub base: VarRef,
    pub indices: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    pub id: ExprId,
    pub kind: ExprKind,
    /// The type of the value (a scalar type: comparisons and logical operators are `int`; a
    /// `float`/`double` value is its bit pattern, see [`crate::float`]).
    pub ty: IntKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    /// A constant, already in range for `ty` (for a floating `ty`, its bit pattern).
    Const(i128),
    /// Read a scalar place.
    Load(Place),
    Unary(UnOp, Box<Expr>),
    /// Both operands have type `ty` for arithmetic and bitwise operators; for comparisons they
    /// share some type and `ty` is `int`; for shifts the left operand has type `ty` and the right
    /// operand its own promoted type.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Short-circuit `&&` / `||` of two scalar operands (any types); `ty` is `int`.
    Logical(LogicOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b` where `a` and `b` have type `ty` and only the chosen one is evaluated.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Convert the operand to `ty` (C11 6.3.1.3; to `_Bool` tests for nonzero).
    Cast(Box<Expr>),
    /// `&place` (`ty` is [`IntKind::Ptr`]): a pointer to a variable, to an array cell or row
    /// (`&a[i]`, and `a` itself where an array decays), or through a pointer (`&p[i]`, i.e.
    /// `p + i`). Evaluates the place's indices, reads no cell.
    AddrOf(Place),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum UnOp {
    /// `-x` (signed overflow on the minimum is undefined).
    Neg,
    /// `~x`
    BitNot,
    /// `!x` (operand any scalar type, result `int`).
    Not,
    /// `abs(x)` / `labs` / `llabs` (of the minimum is undefined).
    Abs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Truncating division; by zero, or `MIN / -1`, is undefined.
    Div,
    /// Sign follows the dividend; by zero, or `MIN % -1`, is undefined.
    Rem,
    Shl,
    /// Arithmetic for signed left operands (gcc), logical for unsigned.
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinOp {
    pub const fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }

    pub const fn is_shift(self) -> bool {
        matches!(self, BinOp::Shl | BinOp::Shr)
    }

    pub const fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
        }
    }
}

/// How tightly a binary operator written as `op` binds in C (higher binds tighter: `*` 10,
/// `+` 9, … `||` 1); `None` for anything else. One table for the preprocessor's `#if` and
/// for code shown to users.
pub fn binary_precedence(op: &str) -> Option<u8> {
    Some(match op {
        "*" | "/" | "%" => 10,
        "+" | "-" => 9,
        "<<" | ">>" => 8,
        "<" | ">" | "<=" | ">=" => 7,
        "==" | "!=" => 6,
        "&" => 5,
        "^" => 4,
        "|" => 3,
        "&&" => 2,
        "||" => 1,
        _ => return None,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum LogicOp {
    And,
    Or,
}

impl Expr {
    /// Visit this expression and its sub-expressions, parents first.
    pub fn walk(&self, f: &mut impl FnMut(&Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Const(_) => {}
            ExprKind::Load(p) | ExprKind::AddrOf(p) => {
                for i in &p.indices {
                    i.walk(f);
                }
            }
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => a.walk(f),
            ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
                a.walk(f);
                b.walk(f);
            }
            ExprKind::Cond(c, a, b) => {
                c.walk(f);
                a.walk(f);
                b.walk(f);
            }
        }
    }
}
