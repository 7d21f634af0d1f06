//! Whether this processor has the instructions the build uses: a build for x86-64 uses
//! POPCNT (`.cargo/config.toml`), which AMD's processors have had since 2007 and Intel's
//! since 2008 (Atoms since 2013). On one without it, `tabula` says so and how to build
//! without it, rather than stopping on an unknown instruction part way through a game.

/// What is missing, as a message for the user; `None` where nothing is.
pub fn missing() -> Option<String> {
    #[cfg(all(target_arch = "x86_64", target_feature = "popcnt"))]
    {
        // Asked of the processor itself (CPUID leaf 1, bit 23 of ECX): in a build that
        // enables the feature, `is_x86_feature_detected!` answers yes without asking.
        let popcnt = std::arch::x86_64::__cpuid(1).ecx & (1 << 23) != 0;
        if !popcnt {
            return Some(
                "this build of tabula uses the POPCNT instruction, which this processor \
                 lacks; build it without: RUSTFLAGS=\"-C target-feature=-popcnt\" cargo \
                 build --release"
                    .to_string(),
            );
        }
    }
    None
}
