import type { Rgb } from '@groeipad/core';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColourField } from '../fields/colour-field';
import { hexToRgb, rgbToHex } from './rgb';

interface Props {
  colours: readonly Rgb[];
  disabled: boolean;
  onChange: (index: number, colour: Rgb) => void;
}

const asRgbHex = (text: string) => {
  const rgb = hexToRgb(text);
  return rgb ? rgbToHex(rgb) : null;
};

/** The ten score colours of an extract (RGB triples), one colour input per score. */
export function ScoreColours({ colours, disabled, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder={false} verticalSpacing={4} horizontalSpacing="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={72}>{t('blueprintEditors.extract.score')}</Table.Th>
          <Table.Th>{t('blueprintEditors.extract.colour')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {colours.map((colour, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the score
          <Table.Tr key={index}>
            <Table.Td>{index + 1}</Table.Td>
            <Table.Td>
              <ColourField
                label={t('blueprintEditors.extract.colourOf', { score: index + 1 })}
                value={rgbToHex(colour)}
                labelHidden
                alpha={false}
                validate={asRgbHex}
                onCommit={(hex) => {
                  const rgb = hexToRgb(hex);
                  if (rgb) onChange(index, rgb);
                }}
                disabled={disabled}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
