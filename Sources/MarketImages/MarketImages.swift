// The MarketImages module is being written; this placeholder keeps the package building.
import CVips
