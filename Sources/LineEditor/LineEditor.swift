// Placeholder while the LineEditor module is written.
import CEditLine
