package jzk.cli;

import jzk.prover.pipeline.MemoryBudget;
import picocli.CommandLine;

/** Converts {@code 64g}, {@code 512m}, … (binary units) to bytes for picocli options. */
public final class SizeConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return MemoryBudget.parseSize(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
