//! How a run ended, and why: the vocabulary the runner and the diagnoser consume.

use faultline_ir::{BinOp, IntKind, Span};
use serde::Serialize;

/// The end of one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// `main` returned, `exit()` was called, or a test function returned (code 0). The code is
    /// what the OS reports: the low 8 bits.
    Exited { code: i32 },
    /// An `assert` failed; `comparison` holds both sides when the condition is a comparison.
    AssertFailed {
        span: Span,
        comparison: Option<AssertSides>,
    },
    /// Undefined behaviour or an exceeded limit.
    RuntimeError { kind: RuntimeErrorKind, span: Span },
    /// An `assume` did not hold: the input is not a test of the program.
    AssumeViolated { span: Span },
}

/// Both sides of a failed comparison assertion, in the comparison's operand type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AssertSides {
    pub op: BinOp,
    pub left: i128,
    pub right: i128,
    /// The operands' type: floating-point sides are IEEE bit patterns, shown as numbers.
    #[serde(skip)]
    pub kind: IntKind,
}

impl AssertSides {
    /// A side as the user reads it: the number, never a float's bit pattern.
    pub fn show(&self, v: i128) -> String {
        match self.kind {
            IntKind::Float => f32::from_bits(v as u32).to_string(),
            IntKind::Double => f64::from_bits(v as u64).to_string(),
            _ => v.to_string(),
        }
    }
}

/// The arithmetic operation that overflowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Neg,
    Abs,
    Shl,
}

impl ArithOp {
    pub const fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
            ArithOp::Rem => "%",
            ArithOp::Neg => "unary -",
            ArithOp::Abs => "abs",
            ArithOp::Shl => "<<",
        }
    }
}

/// What went wrong at run time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum RuntimeErrorKind {
    /// `/` or `%` by zero.
    DivisionByZero,
    /// A signed operation whose mathematical result does not fit its type (`MIN / -1`,
    /// `MIN % -1`, `-MIN`, `abs(MIN)`, `x << n` beyond the type).
    SignedOverflow {
        op: ArithOp,
    },
    /// Shift amount negative or not less than the width of the promoted left operand.
    ShiftOutOfRange {
        amount: i128,
    },
    /// `x << n` with a negative signed `x`.
    NegativeLeftShift {
        value: i128,
    },
    /// An index outside `0..len` (for `argv`, rows `0..argc`, and within a row the bytes up to and
    /// including the NUL). A string without a NUL inside its array reports `index == len`.
    IndexOutOfBounds {
        index: i128,
        len: u64,
    },
    /// Read of an indeterminate local (a scalar or an array cell).
    UninitializedRead {
        name: String,
    },
    /// The callee fell off its end without `return` and the caller used the value.
    MissingReturnValue,
    StepLimit {
        limit: u64,
    },
    RecursionTooDeep {
        limit: u32,
    },
    /// The run took longer than its wall-clock limit ([`crate::Limits::max_time`]).
    TimeLimit {
        ms: u64,
    },
    /// The interpreter's stack arena (locals of all active calls) is full.
    StackExhausted {
        cells: u64,
    },
    /// The program wrote more than the output cap (an output loop that does not end).
    OutputLimit {
        bytes: u64,
    },
    /// `__VERIFIER_nondet_*` called more often than the test case has values.
    NondetExhausted,
    /// A `float`/`double` converted to an integer type that cannot hold its truncated value
    /// (or a NaN or infinity): undefined behaviour (C11 6.3.1.4p1).
    FloatConversion {
        /// The value as C prints it with `%g`.
        value: String,
        to: faultline_ir::IntKind,
    },
    /// The run went beyond the bounds it was given ([`crate::Unwinding`]): a loop entered for
    /// one more pass than `limit`, or a function called while `limit` calls of it are active
    /// (`recursion`).
    UnwindingBound {
        limit: u32,
        recursion: bool,
    },
    /// `strcpy`, `strcat` or `memcpy` between overlapping cells of one object.
    OverlappingCopy {
        func: &'static str,
    },
    /// A write into a string literal (read-only in C).
    StringLiteralWrite,
    /// A `printf`-family conversion given an argument it cannot read, or none
    /// ([`faultline_ir::format::FormatMismatch`]): what gcc's program prints is unrelated
    /// to the argument.
    FormatMismatch(faultline_ir::format::FormatMismatch),
    /// A `scanf` conversion narrower than its object (`%f` into a `double`) stored into one
    /// whose other bytes were never set: the object's value is indeterminate.
    PartialScanf {
        conversion: String,
        stored: faultline_ir::IntKind,
        object: faultline_ir::IntKind,
    },
    /// Stopped from outside: the analysis was cancelled, ran out of time or of memory
    /// ([`crate::Stop`]). Says nothing about the program.
    Stopped {
        reason: crate::StopReason,
    },
    /// `*p`, `p[i]` or `p->…` through a null pointer.
    NullDereference,
    /// A call through a function pointer that points to no function (null).
    NullFunctionCall,
    /// Access through a pointer to a local variable of a call that has returned.
    DanglingPointer,
    /// An ordering comparison (`<` `<=` `>` `>=`) or a subtraction of pointers into different
    /// objects (C11 6.5.8p5, 6.5.6p9).
    PointerMismatch {
        op: String,
    },
    /// Pointer arithmetic that leaves the range an offset can hold (far outside any object).
    PointerOverflow,
    /// Access through a pointer to a heap block that was freed (`free` or `realloc`).
    UseAfterFree,
    /// `free` (or `realloc`) of a block already freed.
    DoubleFree,
    /// `free` (or `realloc`) of something `malloc`, `calloc` or `realloc` did not return.
    InvalidFree {
        what: String,
    },
    /// The live heap blocks would exceed the interpreter's heap
    /// ([`crate::MAX_HEAP_BYTES`], [`crate::MAX_HEAP_CELLS`]).
    HeapLimit {
        bytes: u64,
    },
    /// A use of memory the interpreter does not model exactly (heap bytes read as another
    /// type than they were written as).
    Unsupported {
        message: String,
    },
    /// The IR violates an invariant the interpreter relies on (a lowering bug, not the user's).
    InvalidProgram {
        message: String,
    },
}

impl RuntimeErrorKind {
    pub fn message(&self) -> String {
        match self {
            RuntimeErrorKind::DivisionByZero => "division by zero".into(),
            RuntimeErrorKind::SignedOverflow { op } => {
                format!("signed integer overflow in `{}`", op.symbol())
            }
            RuntimeErrorKind::ShiftOutOfRange { amount } => {
                format!("shift amount {amount} is out of range")
            }
            RuntimeErrorKind::NegativeLeftShift { value } => {
                format!("left shift of negative value {value}")
            }
            RuntimeErrorKind::IndexOutOfBounds { index, len } => {
                format!("index {index} out of bounds for length {len}")
            }
            RuntimeErrorKind::UninitializedRead { name } => {
                format!("read of uninitialized variable `{name}`")
            }
            RuntimeErrorKind::MissingReturnValue => {
                "use of the value of a function that ended without `return`".into()
            }
            RuntimeErrorKind::StepLimit { limit } => {
                format!("step limit of {limit} exceeded (infinite loop?)")
            }
            RuntimeErrorKind::TimeLimit { ms } => {
                format!(
                    "time limit of {} s exceeded (infinite loop?)",
                    *ms as f64 / 1000.0
                )
            }
            RuntimeErrorKind::RecursionTooDeep { limit } => {
                format!("recursion deeper than {limit} calls (infinite recursion?)")
            }
            RuntimeErrorKind::StackExhausted { cells } => {
                format!("stack exhausted: local variables exceed {cells} cells")
            }
            RuntimeErrorKind::OutputLimit { bytes } => {
                format!("output limit of {bytes} bytes exceeded")
            }
            RuntimeErrorKind::NondetExhausted => "no more nondet input values".into(),
            RuntimeErrorKind::FloatConversion { value, to } => {
                format!(
                    "{value} does not fit in `{}` (floating-point to integer conversion)",
                    to.c_name()
                )
            }
            RuntimeErrorKind::UnwindingBound {
                limit,
                recursion: false,
            } => format!("loop beyond its unwinding bound of {limit} passes"),
            RuntimeErrorKind::UnwindingBound {
                limit,
                recursion: true,
            } => format!("recursion beyond its inlining bound of {limit} active calls"),
            RuntimeErrorKind::OverlappingCopy { func } => {
                format!("`{func}` between overlapping parts of one array")
            }
            RuntimeErrorKind::StringLiteralWrite => "write into a string literal".into(),
            RuntimeErrorKind::FormatMismatch(m) => m.message(),
            RuntimeErrorKind::PartialScanf {
                conversion,
                stored,
                object,
            } => format!(
                "`{conversion}` stores a `{}` into {} of the {} bytes of a `{}` whose other bytes were never set: its value is undefined",
                stored.c_name(),
                stored.bits() / 8,
                object.bits() / 8,
                object.c_name()
            ),
            RuntimeErrorKind::Stopped { reason } => {
                format!(
                    "not finished: the analysis was stopped ({})",
                    reason.message()
                )
            }
            RuntimeErrorKind::NullDereference => "dereference of a null pointer".into(),
            RuntimeErrorKind::NullFunctionCall => "call through a null function pointer".into(),
            RuntimeErrorKind::DanglingPointer => {
                "use of a pointer to a local variable of a function that has returned".into()
            }
            RuntimeErrorKind::PointerMismatch { op } => {
                format!("`{op}` on pointers into different objects")
            }
            RuntimeErrorKind::PointerOverflow => {
                "pointer arithmetic far outside the object it points into".into()
            }
            RuntimeErrorKind::UseAfterFree => "use of memory after it was freed".into(),
            RuntimeErrorKind::DoubleFree => "`free` of memory that was already freed".into(),
            RuntimeErrorKind::InvalidFree { what } => format!("`free` of {what}"),
            RuntimeErrorKind::HeapLimit { bytes } => {
                format!("heap limit of {bytes} bytes exceeded (allocation too large or a leak in a loop?)")
            }
            RuntimeErrorKind::Unsupported { message } => format!("unsupported: {message}"),
            RuntimeErrorKind::InvalidProgram { message } => {
                format!("internal error: invalid program: {message}")
            }
        }
    }
}

impl Outcome {
    /// A one-line human description.
    pub fn message(&self) -> String {
        match self {
            Outcome::Exited { code } => format!("exited with code {code}"),
            Outcome::AssertFailed {
                comparison: Some(s),
                ..
            } => format!(
                "assertion failed: left {}, right {}",
                s.show(s.left),
                s.show(s.right)
            ),
            Outcome::AssertFailed { .. } => "assertion failed".into(),
            Outcome::RuntimeError { kind, .. } => kind.message(),
            Outcome::AssumeViolated { .. } => "assumption violated".into(),
        }
    }

    pub fn span(&self) -> Option<Span> {
        match self {
            Outcome::Exited { .. } => None,
            Outcome::AssertFailed { span, .. }
            | Outcome::RuntimeError { span, .. }
            | Outcome::AssumeViolated { span } => Some(*span),
        }
    }

    pub fn is_exit(&self, code: i32) -> bool {
        matches!(self, Outcome::Exited { code: c } if *c == code)
    }
}

/// An error on its way out of the interpreter: boxed so that `Result<i128, Fault>` stays small on
/// the hot path.
#[derive(Debug)]
pub(crate) struct Fault(pub(crate) Box<Outcome>);

pub(crate) type Res<T> = Result<T, Fault>;

impl Fault {
    #[cold]
    pub(crate) fn rt(kind: RuntimeErrorKind, span: Span) -> Fault {
        Fault(Box::new(Outcome::RuntimeError { kind, span }))
    }

    #[cold]
    pub(crate) fn invalid(message: impl Into<String>, span: Span) -> Fault {
        Fault::rt(
            RuntimeErrorKind::InvalidProgram {
                message: message.into(),
            },
            span,
        )
    }

    /// A non-error end of the run travelling the error path (exit, assert, assume).
    pub(crate) fn end(outcome: Outcome) -> Fault {
        Fault(Box::new(outcome))
    }
}

/// Shorthand used by the arithmetic helpers: they know the kind, the caller knows the span.
pub(crate) type ArithRes = Result<i128, RuntimeErrorKind>;
