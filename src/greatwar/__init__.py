"""greatwar: rules-enforced digital versions of the card-driven games of the First World War."""

__version__ = "0.1.0"
