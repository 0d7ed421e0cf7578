"""The collection file: the models owned per unit and the boxes owned.

```yaml
units:            # models owned, by the unit's printed name or id
  Zergling: 12
  marine: 9
boxes:            # boxes owned, by name; each adds the models it holds
  Starter Set: 1
```
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

COLLECTION_KEYS = ("units", "boxes")
Count = Annotated[int, Field(ge=0, strict=True)]


class CollectionFile(BaseModel):
    """A collection file as written: counts by the names the player gave."""

    # Built at its first use: `validate` without a collection never builds it.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    units: dict[str, Count] = Field(
        default_factory=dict,
        description="models owned per unit, by its printed name or id",
    )
    boxes: dict[str, Count] = Field(
        default_factory=dict,
        description="boxes owned, by name (the Starter Set, or a unit's name for its "
        "unit box); each adds the models it holds",
    )
