import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import {
  LinkBubbleMenu,
  LinkBubbleMenuHandler,
  MenuButtonBlockquote,
  MenuButtonBold,
  MenuButtonBulletedList,
  MenuButtonEditLink,
  MenuButtonImageUpload,
  MenuButtonItalic,
  MenuButtonOrderedList,
  MenuButtonRedo,
  MenuButtonStrikethrough,
  MenuButtonUnderline,
  MenuButtonUndo,
  MenuControlsContainer,
  MenuDivider,
  MenuSelectHeading,
  RichTextEditor,
} from 'mui-tiptap';
import { uploadImage } from '../providers/upload';
import type { WidgetProps } from './resource/presentation';

const EXTENSIONS = [
  StarterKit.configure({ link: { openOnClick: false, autolink: true, defaultProtocol: 'https' } }),
  Image,
  TableKit,
  LinkBubbleMenuHandler,
];

/**
 * A rich-text form field (a blog's content): mui-tiptap on Tiptap's StarterKit, which brings links, plus
 * images, uploaded as they are added, and tables, so stored articles keep their tables when edited. It
 * hands back HTML.
 */
export function RichTextField({ name, label, required, value, onChange, onBlur, error, disabled }: WidgetProps) {
  const { open: notify } = useNotification();
  const labelId = `${name}-label`;
  const errorId = `${name}-error`;

  const uploadFiles = async (files: File[]) => {
    const images = [];
    for (const file of files) {
      try {
        images.push({ src: await uploadImage(file), alt: file.name });
      } catch (cause) {
        notify?.({ type: 'error', message: 'Image upload failed', description: (cause as Error).message });
      }
    }
    return images;
  };

  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ mb: 0.5, fontWeight: 500 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <RichTextEditor
        extensions={EXTENSIONS}
        // Read once: the form remounts the editor when it refills.
        content={typeof value === 'string' ? value : ''}
        editable={!disabled}
        // Created after the first commit: an editor made during a slow concurrent render is destroyed by
        // Tiptap before React commits it, and the link menu then fails on the dead instance.
        immediatelyRender={false}
        shouldRerenderOnTransaction
        onUpdate={({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML())}
        onBlur={onBlur}
        editorProps={{
          attributes: {
            'aria-labelledby': labelId,
            'aria-describedby': errorId,
            'aria-multiline': 'true',
            role: 'textbox',
          },
        }}
        RichTextFieldProps={{ variant: 'outlined' }}
        sx={{
          '& .ProseMirror': { minHeight: 220 },
          ...(error ? { '& .MuiTiptap-FieldContainer-notchedOutline': { borderColor: 'error.main' } } : {}),
        }}
        renderControls={() => (
          <MenuControlsContainer>
            <MenuSelectHeading />
            <MenuDivider />
            <MenuButtonBold />
            <MenuButtonItalic />
            <MenuButtonUnderline />
            <MenuButtonStrikethrough />
            <MenuDivider />
            <MenuButtonEditLink />
            <MenuButtonBulletedList />
            <MenuButtonOrderedList />
            <MenuButtonBlockquote />
            <MenuDivider />
            <MenuButtonImageUpload onUploadFiles={uploadFiles} />
            <MenuDivider />
            <MenuButtonUndo />
            <MenuButtonRedo />
          </MenuControlsContainer>
        )}
      >
        {() => <LinkBubbleMenu />}
      </RichTextEditor>
      <FormHelperText id={errorId} error={Boolean(error)}>
        {error ?? ' '}
      </FormHelperText>
    </Box>
  );
}
